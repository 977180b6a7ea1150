/**
 * Tiny helpers for the machine-written XML parts of an xlsx (workbook, relationships, styles, shared
 * strings, drawings, rich-value metadata). Untrusted input: every scan here is linear in the text's
 * length whatever the text holds (no regex that backtracks over unclosed tags: a lazy `[\s\S]*?` with
 * 40,000 unclosed anchors took 30 s), and the decoder refuses characters XML forbids.
 */

import { XmlTextError } from './xml-text-error'

export { XmlTextError }

/** XML 1.0's Char production: tab, LF, CR, and U+0020..U+D7FF, U+E000..U+FFFD, U+10000..U+10FFFF. */
export function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff)
}

/** Characters XML forbids, as they may stand in the raw text (C0 controls but tab/LF/CR; U+FFFE/U+FFFF). */
export const FORBIDDEN_RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/

/** A reference XML knows (group 1), or else a bare '&' (group 1 unset): one pass, no backtracking. */
const REFERENCE = /&(?:(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);)?/g

/** The undefined entity as written ("&nbsp;"), or the bare "&" alone: for the refusal, never longer than 40 characters. */
function undefinedReference(text: string, at: number): string {
  const m = /^&[^\s&;<>"']{1,32};/.exec(text.slice(at, at + 40))
  return m ? m[0] : '&'
}

/**
 * Decodes the five named entities and character references. Anything else after '&' (an entity
 * the file does not define, `&nbsp;`, or a bare '&') is refused: Excel refuses such a file as
 * damaged, and reading it as literal text sent "31&nbsp;" to the service. A reference to a character
 * XML forbids (`&#x1b;`, `&#0;`, `&#x110000;`) or a raw control character is refused too: a
 * conforming XML reader would stop there, and such text must never reach a terminal, a report or
 * the service.
 */
export function decodeXmlEntities(text: string): string {
  if (FORBIDDEN_RAW.test(text)) {
    const ch = FORBIDDEN_RAW.exec(text)![0]
    throw new XmlTextError(`U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
  }
  if (!text.includes('&')) return text
  return text.replace(REFERENCE, (whole, e: string | undefined, at: number) => {
    if (e === undefined) throw new XmlTextError(undefinedReference(text, at), undefined, 'entity')
    if (e === 'amp') return '&'
    if (e === 'lt') return '<'
    if (e === 'gt') return '>'
    if (e === 'quot') return '"'
    if (e === 'apos') return "'"
    const digits = e.startsWith('#x') ? e.slice(2) : e.slice(1)
    // more than 7 digits is beyond U+10FFFF whatever they say (and parseInt would lose precision)
    const cp = digits.replace(/^0+/, '').length > 7 ? -1 : parseInt(digits, e.startsWith('#x') ? 16 : 10)
    if (!isXmlChar(cp)) throw new XmlTextError(whole)
    return String.fromCodePoint(cp)
  })
}

function isNameChar(c: number): boolean {
  // letters, digits, ':', '_', '-', '.' (ASCII is what the parts rekap reads use)
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x3a) || c === 0x5f || c === 0x2d || c === 0x2e
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
}

/** Attributes of one start tag's text, keyed by their qualified name (e.g. "r:id"). One pass. */
export function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  const n = tag.length
  let i = 1
  while (i < n && isNameChar(tag.charCodeAt(i))) i++ // the element's own name
  while (i < n) {
    while (i < n && !isNameChar(tag.charCodeAt(i))) i++
    const nameStart = i
    while (i < n && isNameChar(tag.charCodeAt(i))) i++
    const name = tag.slice(nameStart, i)
    while (i < n && isSpace(tag.charCodeAt(i))) i++
    if (tag[i] !== '=' || !name) continue
    i++
    while (i < n && isSpace(tag.charCodeAt(i))) i++
    const quote = tag[i]
    if (quote !== '"' && quote !== "'") continue
    const close = tag.indexOf(quote, i + 1)
    if (close < 0) break
    attrs[name] = decodeXmlEntities(tag.slice(i + 1, close))
    i = close + 1
  }
  return attrs
}

export interface StartTag {
  /** index of '<' */
  start: number
  /** index just past '>' */
  end: number
  /** the name as written, with its prefix ("xdr:twoCellAnchor") */
  qname: string
  selfClosing: boolean
}

const MAX_PREFIX = 64

/**
 * Every start (or empty) tag with this local name, whatever its namespace prefix, in one pass: the
 * position of the next '>' is remembered, so a run of tags that never close costs one scan, not one
 * scan per tag.
 */
export function* startTags(xml: string, localName: string): Generator<StartTag> {
  let from = 0
  let nextGt = -1
  for (;;) {
    const at = xml.indexOf(localName, from)
    if (at < 0) return
    const after = at + localName.length
    from = after
    const follow = xml.charCodeAt(after)
    if (!(isSpace(follow) || follow === 0x2f /* / */ || follow === 0x3e /* > */)) continue
    let lt = at - 1
    if (xml[lt] === ':') {
      const stop = Math.max(-1, lt - MAX_PREFIX - 1)
      lt--
      while (lt > stop && isNameChar(xml.charCodeAt(lt)) && xml[lt] !== ':') lt--
      if (lt === at - 2) continue // an empty prefix
    }
    if (xml[lt] !== '<') continue
    if (nextGt < after) nextGt = xml.indexOf('>', after)
    if (nextGt < 0) return
    yield { start: lt, end: nextGt + 1, qname: xml.slice(lt + 1, after), selfClosing: xml[nextGt - 1] === '/' }
    from = nextGt + 1
  }
}

/** Every start (or empty) tag with the given local name, as attribute maps. */
export function findTags(xml: string, localName: string): Array<Record<string, string>> {
  return [...startTags(xml, localName)].map((t) => attributesOf(xml.slice(t.start, t.end)))
}

export interface ElementRange {
  /** index of the start tag's '<' */
  start: number
  innerStart: number
  innerEnd: number
}

/**
 * Each element with this local name (non-nested elements only; `withEmpty`: also `<x/>`, as an empty
 * range), in one pass: once a name's end tag is missing after some point, it is missing after every
 * later point too, so an unclosed tag is looked past once, not once per tag.
 */
export function* elementRanges(xml: string, localName: string, withEmpty = false): Generator<ElementRange> {
  const noCloseAfter = new Map<string, number>()
  let resumeAt = 0
  for (const tag of startTags(xml, localName)) {
    if (tag.start < resumeAt) continue
    if (tag.selfClosing) {
      if (withEmpty) yield { start: tag.start, innerStart: tag.end, innerEnd: tag.end }
      continue
    }
    const missingFrom = noCloseAfter.get(tag.qname)
    if (missingFrom !== undefined && tag.end >= missingFrom) continue
    const close = xml.indexOf(`</${tag.qname}>`, tag.end)
    if (close < 0) {
      noCloseAfter.set(tag.qname, tag.end)
      continue
    }
    yield { start: tag.start, innerStart: tag.end, innerEnd: close }
    resumeAt = close
  }
}

/** The inner XML of each element with the given local name (non-nested elements only). */
export function findElements(xml: string, localName: string): string[] {
  const out: string[] = []
  for (const r of elementRanges(xml, localName)) out.push(xml.slice(r.innerStart, r.innerEnd))
  return out
}

export interface Relationship {
  id: string
  type: string
  target: string
  external: boolean
}

export function parseRelationships(xml: string): Map<string, Relationship> {
  const rels = new Map<string, Relationship>()
  for (const a of findTags(xml, 'Relationship')) {
    rels.set(a.Id, { id: a.Id, type: a.Type ?? '', target: a.Target ?? '', external: a.TargetMode === 'External' })
  }
  return rels
}

/** Resolves a relationship target against the folder of the part that owns the .rels file. */
export function resolvePartPath(ownerPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const parts = ownerPart.split('/').slice(0, -1)
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop()
    else if (seg !== '.' && seg !== '') parts.push(seg)
  }
  return parts.join('/')
}

/** "xl/worksheets/sheet1.xml" -> "xl/worksheets/_rels/sheet1.xml.rels" */
export function relsPathOf(part: string): string {
  const i = part.lastIndexOf('/')
  return `${part.slice(0, i)}/_rels/${part.slice(i + 1)}.rels`
}
