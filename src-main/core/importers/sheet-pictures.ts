import { StringDecoder } from 'node:string_decoder'

import { parseCellRef } from './column-letters'
import { GridError, isGridColumn, isGridRow } from './grid-limits'
import { attributesOf, elementRanges, findElements, findTags, parseRelationships, relsPathOf, resolvePartPath, startTags } from './xml-attributes'
import type { ZipDirectory } from './zip-directory'

/**
 * Where the pictures of one sheet sit. exceljs's streaming reader ignores drawings, so this reads the
 * drawing parts straight from the zip: sheet rels -> drawing -> anchors (`xdr:from` row/col) ->
 * drawing rels -> xl/media/*. Only the small index is kept; picture bytes are read when a row that
 * needs them is reached, so a picture-heavy workbook never sits in memory whole.
 *
 * Excel 365's "Place in cell" pictures are not drawings: the cell carries a `vm` (value metadata)
 * index -> xl/metadata.xml -> xl/richData/rdrichvalue.xml -> richValueRel.xml -> xl/media/*.
 */

export interface PictureAnchor {
  /** 1-based sheet row */
  row: number
  /** 0-based sheet column */
  col: number
  /** zip path of the media part */
  media: string
}

const MAX_DRAWING_XML = 256 * 1024 * 1024
const MAX_PICTURE_BYTES = 64 * 1024 * 1024

export class SheetPictures {
  private constructor(
    private readonly zip: ZipDirectory,
    private readonly byRow: Map<number, PictureAnchor[]>,
  ) {}

  static empty(zip: ZipDirectory): SheetPictures {
    return new SheetPictures(zip, new Map())
  }

  static async load(zip: ZipDirectory, sheetPart: string): Promise<SheetPictures> {
    const anchors = [...(await floatingAnchors(zip, sheetPart)), ...(await placedInCellAnchors(zip, sheetPart))]
    const byRow = new Map<number, PictureAnchor[]>()
    for (const a of anchors) {
      const list = byRow.get(a.row) ?? []
      list.push(a)
      byRow.set(a.row, list)
    }
    return new SheetPictures(zip, byRow)
  }

  get count(): number {
    let n = 0
    for (const list of this.byRow.values()) n += list.length
    return n
  }

  /** sorted row numbers that have at least one picture */
  rowNumbers(): number[] {
    return [...this.byRow.keys()].sort((a, b) => a - b)
  }

  anchorsInRow(row: number): PictureAnchor[] {
    return this.byRow.get(row) ?? []
  }

  async readMedia(media: string): Promise<{ data: Buffer; extension: string }> {
    const data = await this.zip.read(media, MAX_PICTURE_BYTES)
    return { data, extension: pictureExtension(media, data) }
  }
}

/**
 * The extension of a picture's copy beside the store ("<row>-<field>.<extension>"). The part name is
 * the workbook author's: "image1.jpeg/x" or "image1" made the copy's name a path into a missing
 * folder (the plan died with ENOENT), so only a plain extension is kept; else the content decides.
 */
export function pictureExtension(media: string, data: Buffer): string {
  const name = media.slice(media.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (/^[a-z0-9]{1,10}$/.test(ext)) return ext === 'jpg' ? 'jpeg' : ext
  if (data[0] === 0xff && data[1] === 0xd8) return 'jpeg'
  if (data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'png'
  return 'bin'
}

async function readRels(zip: ZipDirectory, part: string) {
  const relsPath = relsPathOf(part)
  return zip.has(relsPath) ? parseRelationships(await zip.readText(relsPath)) : new Map()
}

async function floatingAnchors(zip: ZipDirectory, sheetPart: string): Promise<PictureAnchor[]> {
  const anchors: PictureAnchor[] = []
  const sheetRels = await readRels(zip, sheetPart)
  for (const rel of sheetRels.values()) {
    if (!/\/drawing$/.test(rel.type) || rel.external) continue
    const drawingPart = resolvePartPath(sheetPart, rel.target)
    if (!zip.has(drawingPart)) continue
    const xml = await zip.readText(drawingPart, MAX_DRAWING_XML)
    const drawingRels = await readRels(zip, drawingPart)
    const bodies = [...findElements(xml, 'twoCellAnchor'), ...findElements(xml, 'oneCellAnchor')]
    for (const body of bodies) {
      const from = findElements(body, 'from')[0]
      const blip = findTags(body, 'blip')[0]
      if (!from || !blip) continue
      const col = Number(findElements(from, 'col')[0])
      const row = Number(findElements(from, 'row')[0])
      const mediaRel = drawingRels.get(blip['r:embed'])
      if (!Number.isInteger(col) || !Number.isInteger(row) || !mediaRel || mediaRel.external) continue
      // an anchor off Excel's grid cannot come from a spreadsheet program
      if (!isGridColumn(col) || !isGridRow(row + 1)) throw new GridError(`${drawingPart}: column ${col + 1}, row ${row + 1}`)
      anchors.push({ row: row + 1, col, media: resolvePartPath(drawingPart, mediaRel.target) })
    }
  }
  return anchors
}

/** vm index (1-based, as on the cell) -> media part, for rich values that are local images. */
async function richValueImages(zip: ZipDirectory): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  const metaPath = 'xl/metadata.xml'
  const rvPath = 'xl/richData/rdrichvalue.xml'
  const relPath = 'xl/richData/richValueRel.xml'
  if (!zip.has(metaPath) || !zip.has(rvPath) || !zip.has(relPath)) return out
  const meta = await zip.readText(metaPath)
  const richValues = await zip.readText(rvPath, MAX_DRAWING_XML)
  const relXml = await zip.readText(relPath)
  const structPath = 'xl/richData/rdrichvaluestructure.xml'
  const structures = zip.has(structPath) ? await zip.readText(structPath) : ''

  // futureMetadata name="XLRICHVALUE": its bk list maps to rich value indexes
  const futureBlock = [...elementRanges(meta, 'futureMetadata')].find((r) => attributesOf(meta.slice(r.start, r.innerStart)).name === 'XLRICHVALUE')
  const rvbIndexes = futureBlock ? findTags(meta.slice(futureBlock.innerStart, futureBlock.innerEnd), 'rvb').map((a) => Number(a.i)) : []
  const valueMeta = findElements(meta, 'valueMetadata')[0] ?? ''
  const vmBlocks = findElements(valueMeta, 'bk')

  const structKeys = findElements(structures, 's').map((s) => findTags(s, 'k').map((k) => k.n))
  const rvs = [...elementRanges(richValues, 'rv')].map((r) => ({
    s: Number(attributesOf(richValues.slice(r.start, r.innerStart)).s ?? 0),
    values: findElements(richValues.slice(r.innerStart, r.innerEnd), 'v'),
  }))
  const relIds = findTags(relXml, 'rel').map((a) => a['r:id'])
  const rels = await readRels(zip, relPath)

  vmBlocks.forEach((bk, i) => {
    const rc = findTags(bk, 'rc')[0]
    if (!rc) return
    const rvIndex = rvbIndexes[Number(rc.v)]
    const rv = rvs[rvIndex]
    if (!rv) return
    const keys = structKeys[rv.s] ?? []
    const keyPos = keys.indexOf('_rvRel:LocalImageIdentifier')
    const relIndex = Number(rv.values[keyPos >= 0 ? keyPos : 0])
    const rel = rels.get(relIds[relIndex])
    if (!rel || rel.external) return
    out.set(i + 1, resolvePartPath(relPath, rel.target))
  })
  return out
}

/** Finds cells with a `vm` attribute by scanning the sheet XML once (only when the workbook has rich values). */
async function placedInCellAnchors(zip: ZipDirectory, sheetPart: string): Promise<PictureAnchor[]> {
  const images = await richValueImages(zip)
  if (images.size === 0) return []
  const anchors: PictureAnchor[] = []
  const stream = await zip.stream(sheetPart)
  const decoder = new StringDecoder('utf8')
  let carry = ''
  for await (const chunk of stream) {
    const text = carry + decoder.write(chunk as Buffer)
    let done = 0
    for (const tag of startTags(text, 'c')) {
      done = tag.end
      const attrs = text.slice(tag.start, tag.end)
      if (!attrs.includes('vm=')) continue
      const a = attributesOf(attrs)
      const media = a.vm ? images.get(Number(a.vm)) : undefined
      const ref = a.r ? parseCellRef(a.r) : null
      if (ref && media) anchors.push({ row: ref.row, col: ref.col, media })
    }
    // keep an incomplete trailing tag for the next chunk; one longer than any cell's start tag is dropped
    const lastOpen = text.lastIndexOf('<')
    carry = lastOpen >= done && text.length - lastOpen < 64 * 1024 ? text.slice(lastOpen) : ''
  }
  return anchors
}
