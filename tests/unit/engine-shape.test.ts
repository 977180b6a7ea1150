/**
 * Issue 25: the engine as use cases over one registry. Pause and cancel take their target state
 * from the job state machine (written once); nothing outside core/kinds decides by a kind's name.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JOB_KINDS } from '../../src-main/contract/job-kinds'
import { JOB_STATES, stopTarget } from '../../src-main/core/model/job-state'

const ROOT = join(__dirname, '../..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return filesUnder(p)
    return /\.(ts|vue)$/.test(e.name) ? [p] : []
  })
}

describe('engine shape (issue 25)', () => {
  it('pause and cancel targets come from the state machine', () => {
    const pause = JOB_STATES.filter((s) => stopTarget(s, 'pause') === 'paused')
    const cancel = JOB_STATES.filter((s) => stopTarget(s, 'cancel') === 'cancelled')
    expect(pause.sort()).toEqual(['blocked', 'running'])
    expect(cancel.sort()).toEqual(['blocked', 'draft', 'paused', 'ready', 'running'])
    expect(stopTarget('done', 'cancel')).toBeNull()
    expect(stopTarget('paused', 'pause')).toBeNull()
  })

  it('no code outside core/kinds decides by a job kind name (the registry and its traits do)', () => {
    const names = JOB_KINDS.join('|')
    const byName = new RegExp(`\\bkind\\s*(===|!==)\\s*'(${names})'|case '(${names})'`)
    const offenders: string[] = []
    for (const root of ['src-main', 'src-renderer/src']) {
      for (const file of filesUnder(join(ROOT, root))) {
        const rel = relative(ROOT, file)
        if (rel.startsWith('src-main/core/kinds/')) continue
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (byName.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`)
          })
      }
    }
    expect(offenders).toEqual([])
  })
})
