// Loads the built command (out/cli/rekap.cjs, one CommonJS file) through V8's code cache: a process
// then deserializes the compiled code instead of parsing ~2.4 MB of JavaScript (issue 27: ~0.1 s of
// every command's start; Node 20 has no code cache for ES modules). The cache sits beside the file,
// named by the file's hash and V8's version; it is written once, by the first process that finds
// none (atomically: a temporary file renamed), and a cache V8 refuses (other V8 flags) is only
// not used. Plain CommonJS on purpose: it runs before anything else is loaded.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const Module = require('node:module')

/** What the last load found: 'used', 'refused' (V8 would not take it) or 'none' (written at exit). */
let lastCodeCache = null

/**
 * module.exports of `file`, compiled with the code cache `<dir>/rekap-<hash>-<v8>.cache` when there is one.
 * Call it with V8's flags as they are when the cache is written (at exit; core/process/heap-growth.mjs
 * sets the default back before that): V8 refuses a cache
 * made under other flags.
 */
function loadCachedCli(file, entryHash) {
  const source = fs.readFileSync(file, 'utf8')
  const cacheFile = path.join(path.dirname(file), `rekap-${entryHash}-${process.versions.v8}.cache`)
  let cachedData
  try {
    cachedData = fs.readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData })
  lastCodeCache = !cachedData ? 'none' : script.cachedDataRejected ? 'refused' : 'used'
  if (!cachedData) process.once('exit', () => writeCache(script, cacheFile))
  const module = { exports: {}, filename: file, id: file, loaded: false }
  const run = script.runInThisContext()
  run.call(module.exports, module.exports, Module.createRequire(file), module, file, path.dirname(file))
  module.loaded = true
  return module.exports
}

/** After the run, so the cache holds what this command compiled too; any failure only leaves none. */
function writeCache(script, cacheFile) {
  const temporary = `${cacheFile}.${process.pid}.tmp`
  try {
    fs.writeFileSync(temporary, script.createCachedData())
    fs.renameSync(temporary, cacheFile)
  } catch {
    try {
      fs.rmSync(temporary, { force: true })
    } catch {
      // nothing more to do: the next process tries again
    }
  }
}

module.exports = { loadCachedCli, lastCodeCache: () => lastCodeCache }
