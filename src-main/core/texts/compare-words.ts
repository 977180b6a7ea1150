/**
 * The comparison workbook's labels (sheets, headers, summary items), Indonesian first: what
 * `rekap compare --out` and the app's Compare write (core/unattended/compare-report.ts), in the
 * language the command or the app speaks. The English table is typed by the Indonesian one.
 */
const id = {
  summary: 'Ringkasan', changed: 'Berubah', added: 'Baru', removed: 'Hilang',
  item: 'Butir', value: 'Nilai', jobA: 'Pekerjaan A (lama)', jobB: 'Pekerjaan B (baru)', kind: 'Jenis',
  key: 'Kunci', column: 'Kolom', valueA: 'Nilai A', valueB: 'Nilai B', keyColumns: 'Kolom kunci',
  nChanged: 'Baris berubah', nCells: 'Sel berubah', nAdded: 'Baris baru', nRemoved: 'Baris hilang', nSame: 'Baris sama',
}

const en: Record<keyof typeof id, string> = {
  summary: 'Summary', changed: 'Changed', added: 'Added', removed: 'Removed',
  item: 'Item', value: 'Value', jobA: 'Job A (earlier)', jobB: 'Job B (later)', kind: 'Kind',
  key: 'Key', column: 'Column', valueA: 'Value A', valueB: 'Value B', keyColumns: 'Key columns',
  nChanged: 'Rows changed', nCells: 'Cells changed', nAdded: 'Rows added', nRemoved: 'Rows removed', nSame: 'Rows unchanged',
}

export const COMPARE_WORDS: Record<'id' | 'en', Record<keyof typeof id, string>> = { id, en }
