/**
 * Tiny helpers for the small, machine-written XML parts of an xlsx (workbook, relationships,
 * drawings, rich-value metadata). Large parts (sheets, shared strings) go through exceljs's SAX reader.
 */

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e === 'amp') return '&'
    if (e === 'lt') return '<'
    if (e === 'gt') return '>'
    if (e === 'quot') return '"'
    if (e === 'apos') return "'"
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
  })
}

/** Attributes of one start tag's text, keyed by their qualified name (e.g. "r:id"). */
export function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attrs[m[1]] = decodeXmlEntities(m[3] ?? m[4] ?? '')
  }
  return attrs
}

/** Every start (or empty) tag with the given local name, whatever its namespace prefix. */
export function findTags(xml: string, localName: string): Array<Record<string, string>> {
  const re = new RegExp(`<(?:[\\w.-]+:)?${localName}(?=[\\s/>])[^>]*>`, 'g')
  return [...xml.matchAll(re)].map((m) => attributesOf(m[0]))
}

/** The inner XML of each element with the given local name (non-nested elements only). */
export function findElements(xml: string, localName: string): string[] {
  const re = new RegExp(
    `<((?:[\\w.-]+:)?${localName})(?=[\\s>])[^>]*>([\\s\\S]*?)</\\1>`,
    'g',
  )
  return [...xml.matchAll(re)].map((m) => m[2])
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
