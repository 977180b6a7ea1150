/**
 * Timing control for the "stopped while planning" tests: each row a plan stores (SQLite's
 * `INSERT INTO job_rows`) takes at least REKAP_TEST_ROW_INSERT_MS longer, a synchronous wait as a
 * slow disk would give. A plan of a few thousand rows then stays `draft` for seconds on any machine
 * and at any load, where before the tests needed 80,000 rows (and then paid for resuming, reporting
 * and filing 80,000 rows) to make that window long enough, and it shrank as the load grew.
 * Nothing else changes: the same real store, import, watcher and engine.
 *
 * As a preload (`NODE_OPTIONS=--require <this file>`, REKAP_TEST_ROW_INSERT_MS set) it slows a real
 * `rekap` process; in-process, `slowRowInserts(ms)` slows this one (call it before the store is
 * opened: statements prepared earlier are not seen) and returns the undo.
 */
'use strict'
const { createRequire } = require('node:module')
const { join } = require('node:path')

// the repository's better-sqlite3: the one rekap's bundle and sources load (one module cache entry)
const Database = createRequire(join(__dirname, '..', '..', 'package.json'))('better-sqlite3')

function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

let delayMs = 0
let patched = false

/**
 * Makes each job row stored take at least `ms` more, from statements prepared after the first call; returns the undo.
 */
function slowRowInserts(ms) {
  delayMs = ms
  if (!patched) {
    patched = true
    const prepare = Database.prototype.prepare
    Database.prototype.prepare = function (sql, ...rest) {
      const statement = prepare.call(this, sql, ...rest)
      if (/^\s*INSERT INTO job_rows\b/i.test(sql)) {
        const run = statement.run
        statement.run = function (...args) {
          if (delayMs > 0) pause(delayMs)
          return run.apply(this, args)
        }
      }
      return statement
    }
  }
  return () => {
    delayMs = 0
  }
}

const fromEnv = Number(process.env.REKAP_TEST_ROW_INSERT_MS)
if (fromEnv > 0) slowRowInserts(fromEnv)

module.exports = { slowRowInserts, preload: __filename }
