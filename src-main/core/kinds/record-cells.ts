import { FirstRowIndex } from '../jobs/first-row-index'

/**
 * The cells made lately of a lookup's records, by record key, each with the JSON text it was made
 * from. A lookup's rows name the same records again and again (a 100,000-row hospital lookup names
 * at most the registry's ~3,155 hospitals): a row whose result carries exactly the text seen
 * before under its key takes those cells instead of parsing the text and making them again.
 *
 * Kept only where it pays: the first TRIAL_ROWS rows count how often a key comes back (off the
 * JS heap, nothing kept), and records are kept only when at least a quarter did; kept records are
 * bounded (MAX_ENTRIES), and dropped again when fewer than a quarter of the next rows find theirs.
 * Keeping every record from the first row cost ~0.1 s more main-thread CPU on 100,000 rows naming
 * 50,000 records (~10 MB promoted to the old generation); an earlier memo keyed by every record's
 * whole text cost 1 s more and 65 MB more (issue 27).
 */
export class RecordCells {
  static readonly MAX_ENTRIES = 4096
  static readonly TRIAL_ROWS = 8192

  private phase: 'trial' | 'keeping' | 'off' = 'trial'
  private keysSeen: FirstRowIndex | null = new FirstRowIndex()
  private byKey: Map<string, { json: string; cells: unknown[] }> | null = null
  private looked = 0
  private found = 0

  /** The cells made before from exactly `json` under `key`, if kept. */
  get(key: string, json: string): unknown[] | undefined {
    if (this.phase === 'off') return undefined
    if (this.phase === 'trial') {
      this.count(this.keysSeen!.firstOrAdd(key, 1) !== undefined)
      return undefined
    }
    const kept = this.byKey!.get(key)
    const hit = kept !== undefined && kept.json === json
    // keys came back but their texts did not (records that change), or more records than are kept: off
    this.count(hit)
    return hit ? kept!.cells : undefined
  }

  /** Keeps the cells made from `json` (never changed after: rows share them). */
  set(key: string, json: string, cells: unknown[]): void {
    if (this.phase !== 'keeping') return
    if (this.byKey!.size >= RecordCells.MAX_ENTRIES && !this.byKey!.has(key)) return
    this.byKey!.set(key, { json, cells })
  }

  /** Whether it keeps records now (tests). */
  get keeping(): boolean {
    return this.phase === 'keeping'
  }

  /** One row looked up; every TRIAL_ROWS rows, keeps on only if at least a quarter found theirs. */
  private count(found: boolean): void {
    if (found) this.found++
    if (++this.looked === RecordCells.TRIAL_ROWS) this.next(this.found * 4 >= this.looked ? 'keeping' : 'off')
  }

  private next(phase: 'keeping' | 'off'): void {
    this.phase = phase
    this.keysSeen = null
    if (phase === 'off') this.byKey = null
    else this.byKey ??= new Map()
    this.looked = 0
    this.found = 0
  }
}
