/**
 * Where the team store password comes from, in this order: `--team-password-file F` (or the
 * password Settings keeps encrypted, handed in by the app), `PGPASSWORD`, then `~/.pgpass` (or
 * PGPASSFILE) as psql reads it. Never argv, never a URL; the value is only handed to the driver.
 */
import { readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { coreText } from '../texts/core-text'
import { TeamConfigError, type TeamTarget } from './team-target'

export function readTeamPasswordFile(file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    throw new TeamConfigError(coreText('team.passwordFile', { file, reason: (err as NodeJS.ErrnoException).code ?? String(err) }))
  }
  const password = text.replace(/\r?\n$/, '')
  if (!password) throw new TeamConfigError(coreText('team.passwordFileEmpty', { file }))
  return password
}

/** `host:port:database:username:password` lines, `*` matching anything, `\:` and `\\` escaped. */
export function pgpassLookup(text: string, t: { host: string; port: number; database: string; user: string }): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue
    const fields: string[] = []
    let cur = ''
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\\' && i + 1 < line.length) cur += line[++i]
      else if (line[i] === ':' && fields.length < 4) (fields.push(cur), (cur = ''))
      else cur += line[i]
    }
    fields.push(cur)
    if (fields.length !== 5) continue
    const want = [t.host, String(t.port), t.database, t.user]
    if (want.every((w, i) => fields[i] === '*' || fields[i] === w)) return fields[4]
  }
  return undefined
}

function pgpassFile(env: NodeJS.ProcessEnv): string {
  return env.PGPASSFILE ?? join(homedir(), '.pgpass')
}

/** The password for a target, or undefined (the server may not ask for one). */
export function resolveTeamPassword(
  target: TeamTarget,
  opts: { password?: string; passwordFile?: string; env?: NodeJS.ProcessEnv },
): string | undefined {
  if (opts.password) return opts.password
  if (opts.passwordFile) return readTeamPasswordFile(opts.passwordFile)
  const env = opts.env ?? process.env
  if (env.PGPASSWORD) return env.PGPASSWORD
  const file = pgpassFile(env)
  try {
    // psql ignores a .pgpass others can read; so do we
    if ((statSync(file).mode & 0o077) !== 0) return undefined
    const user = target.user ?? env.PGUSER ?? env.USER ?? ''
    return pgpassLookup(readFileSync(file, 'utf8'), { host: target.host, port: target.port, database: target.database, user })
  } catch {
    return undefined
  }
}
