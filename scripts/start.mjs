#!/usr/bin/env node
// `npm start`: the desktop app where Electron's binary exists, browser mode where it does not.
//
// npm ci does not run Electron's download script (package.json allowScripts denies it, so an
// offline install works). A user with internet gets the binary here: we run that script once.
// Where it still cannot be had, one line says so and `rekap ui` opens the same app in the browser.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const electronVite = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')

/** The Electron executable if it is really there (require('electron') throws when path.txt is missing). */
function electronBinary() {
  const require = createRequire(path.join(root, 'package.json'))
  try {
    const id = require.resolve('electron')
    delete require.cache[id]
    const binary = require(id)
    return typeof binary === 'string' && existsSync(binary) ? binary : null
  } catch {
    return null
  }
}

function tryInstallElectron() {
  const script = path.join(root, 'node_modules', 'electron', 'install.js')
  if (!existsSync(script)) return
  // Quiet: on a machine without internet it fails within a second; the notice below says the rest.
  spawnSync(process.execPath, [script], { cwd: root, stdio: 'ignore', timeout: 10 * 60_000 })
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

let binary = electronBinary()
if (!binary) {
  tryInstallElectron()
  binary = electronBinary()
}

if (binary) {
  const built = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
  run(binary, ['.'])
} else {
  process.stdout.write('Electron is not available on this machine; opening rekap in your browser instead\n')
  run(process.execPath, [path.join(root, 'bin', 'rekap.mjs'), 'ui', ...process.argv.slice(2)])
}
