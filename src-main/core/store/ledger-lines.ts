import type { Db } from './database'

/** Ledger lines per SQLite call: about 150 KB of JSON text. */
const CHUNK = 4096

/** An integer JavaScript reads exactly (better-sqlite3 gives a Number): SQLite's JSON then has its digits. */
const exactInteger = (column: string): string => `typeof(${column}) = 'integer' AND ${column} BETWEEN -9007199254740991 AND 9007199254740991`

/**
 * A job's charges (ledger lines) in id order as the text the job fingerprint hashes: each line
 * `JSON.stringify([row_no, product, points, at])` and a newline, given a chunk at a time.
 * SQLite writes the JSON and joins a chunk's lines (a 100,000-line ledger cost ~100 ms read and
 * stringified row by row in JS, ~50 ms this way). SQLite's JSON of a text is JavaScript's for
 * every stored text (tests/integration/ledger-fingerprint.test.ts); of a number only for an
 * integer JavaScript reads exactly. A chunk with any other value (a REAL, a larger integer, a
 * BLOB, which SQLite's JSON cannot hold) is read and stringified in JS as before.
 */
export function* ledgerJsonLines(db: Db, jobId: string): Generator<string> {
  const joined = db.prepare<unknown[], { text: string | null; lines: number; total: number; last: number | null }>(
    `SELECT group_concat(line, char(10) ORDER BY id) AS text, count(line) AS lines, count(*) AS total, max(id) AS last
     FROM (SELECT id,
             CASE WHEN ${exactInteger('row_no')} AND typeof(product) = 'text' AND ${exactInteger('points')} AND ${exactInteger('at')}
             THEN json_array(row_no, product, points, at) END AS line
           FROM charges WHERE job_id = ? AND id > ? ORDER BY id LIMIT ${CHUNK})`,
  )
  const each = db.prepare<unknown[], unknown[]>(`SELECT row_no, product, points, at FROM charges WHERE job_id = ? AND id > ? ORDER BY id LIMIT ${CHUNK}`).raw(true)
  for (let after = 0; ; ) {
    const c = joined.get(jobId, after)!
    if (c.total === 0 || c.last === null) return
    if (c.lines === c.total) yield c.text + '\n'
    else yield each.all(jobId, after).map((row) => JSON.stringify(row) + '\n').join('')
    if (c.total < CHUNK) return
    after = c.last
  }
}
