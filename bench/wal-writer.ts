/**
 * The second process of bench/wal-during-export.ts: a job running beside the export, writing its
 * rows into the same SQLite file as the engine does (markInFlight, then complete with the record:
 * two write transactions a row). It inserts its pending rows first, says "ready", starts on "go"
 * and says how many rows it wrote on "stop".
 *
 *   node --import tsx bench/wal-writer.ts <db> <rows/s | max> <pending rows>
 *   BENCH_WAL_LIMIT_MB=N sets journal_size_limit on its connection (the fix proposed)
 */
import { openStore } from '../src-main/core/store'
import { defaultJobSettings } from '../src-main/core/model/job-settings'
import { SEED_BASE_URL, SEED_T0, seedHospital } from './report-kinds-seed'

const [dbFile, rateArg, pendingArg] = process.argv.slice(2)
const rate = rateArg === 'max' ? Infinity : Number(rateArg)
const pending = Number(pendingArg)
const send = (m: object): void => void process.send!(m)

const store = openStore(dbFile)
// BENCH_WAL_LIMIT_MB: the fix proposed, SQLite truncating the WAL to this size whenever it restarts it
if (process.env.BENCH_WAL_LIMIT_MB) store.db.pragma(`journal_size_limit = ${Number(process.env.BENCH_WAL_LIMIT_MB) * 1048576}`)
const job = store.jobs.create(
  {
    kind: 'hospital-lookup',
    inputFile: '/data/beside.xlsx',
    inputName: 'beside.xlsx',
    inputFingerprint: 'sha256:beside',
    headers: ['Kode RS'],
    mapping: { code: 'Kode RS' },
    settings: defaultJobSettings({ baseUrl: SEED_BASE_URL }),
  },
  SEED_T0,
).id
store.rows.insertMany(
  job,
  (function* () {
    for (let i = 1; i <= pending; i++) yield { rowNo: i, sourceRow: i + 1, input: { 'Kode RS': seedHospital(i).code }, payload: { code: seedHospital(i).code } }
  })(),
  SEED_T0,
)

let written = 0
let stopped = false

/** One row as the engine writes it: claimed, then done with its record, each its own transaction. */
function writeRow(): void {
  const i = written + 1
  if (i > pending) return
  store.rows.markInFlight(job, i, Date.now())
  store.rows.complete(job, i, { outcome: 'found', recordKey: seedHospital(i).code, raw: seedHospital(i) }, Date.now(), { product: 'hospitals', hits: 1 })
  written = i
}

/** Keeps to `rate` rows a second (by the clock, so a slow tick catches up), or as fast as it can. */
function run(): void {
  const start = performance.now()
  const tick = (): void => {
    if (stopped) return
    const due = rate === Infinity ? written + 50 : Math.floor(((performance.now() - start) / 1000) * rate)
    while (written < due && written < pending) writeRow()
    // a macrotask between batches: the parent's "stop" gets through
    if (rate === Infinity) setImmediate(tick)
    else setTimeout(tick, 10)
  }
  tick()
}

process.on('message', (m: { do: string }) => {
  if (m.do === 'go') run()
  if (m.do === 'stop') {
    stopped = true
    send({ written })
  }
  if (m.do === 'close') {
    store.close()
    send({ closed: true })
    process.disconnect()
  }
})
send({ ready: true, job })
