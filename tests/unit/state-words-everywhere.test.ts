/**
 * A job's state in the same words wherever a user reads it. The app said "Tertahan" and
 * "Terhenti" while `rekap jobs` and the report's summary said "terblokir" and "terputus" for the
 * same jobs: an auditor holding a report beside the app's History saw two words for one state.
 */
import { describe, expect, it } from 'vitest'
import { id as appId } from '../../src-renderer/src/i18n/id'
import { en as appEn } from '../../src-renderer/src/i18n/en'
import { labelsFor } from '../../src-main/core/reports/labels'
import { JOB_STATE_VIEW_WORDS, ROW_STATE_WORDS } from '../../src-main/core/texts/state-words'

const STATES = ['draft', 'ready', 'running', 'interrupted', 'paused', 'blocked', 'done', 'cancelled'] as const
const ROWS = ['pending', 'in-flight', 'done', 'failed', 'uncertain'] as const

describe('state words', () => {
  for (const [lang, app] of [['id', appId], ['en', appEn]] as const) {
    it(`${lang}: the app, the CLI and the report say each job and row state with the same word`, () => {
      const report = labelsFor(lang)
      for (const s of STATES) {
        const cli = JOB_STATE_VIEW_WORDS[lang][s]
        expect(app.state[s].toLowerCase(), s).toBe(cli)
        expect(report.states[s], s).toBe(cli)
      }
      for (const r of ROWS) expect(app.rowState[r].toLowerCase(), r).toBe(report.rowStates[r])
    })
  }

  it('Indonesian: a blocked job is "tertahan", a job whose process died "terhenti"', () => {
    expect(appId.state.blocked).toBe('Tertahan')
    expect(labelsFor('id').states.interrupted).toBe('terhenti')
  })
})
