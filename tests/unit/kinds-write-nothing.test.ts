/**
 * Issue 25: units return what they learned; the runner stores it (core/jobs/keep-learned.ts). A
 * static guard beside tests/integration/units-return-learned.test.ts (which runs every unit against
 * a store that refuses writes): nothing under core/kinds calls the writers of what units learn. Before
 * the change 5 files did (core/kinds/directory.ts, and the regions, hospital-lookup, school-lookup and
 * school-search units).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/temp-dir'

const WRITERS = /\.(putHospitals|putSchools|putRegions|linkRecords|saveProgress|addHits|markSync)\(/

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

describe('job kinds write nothing of what their units learn (issue 25)', () => {
  it('no file under core/kinds calls a cache, progress or hit writer', () => {
    const offenders = filesUnder(join(REPO_ROOT, 'src-main/core/kinds'))
      .filter((f) => WRITERS.test(readFileSync(f, 'utf8')))
      .map((f) => relative(REPO_ROOT, f))
    expect(offenders).toEqual([])
  })
})
