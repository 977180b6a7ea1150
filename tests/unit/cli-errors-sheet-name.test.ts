/**
 * When a run prints only its first failures, it points at the rest in the report: by the name of
 * the sheet the report really has ("Galat" in Indonesian, "Errors" in English), not another word
 * for it (the Indonesian pointer said "lembar kesalahan", a sheet no report holds).
 */
import { describe, expect, it } from 'vitest'
import { id } from '../../src-main/cli/messages/id'
import { en } from '../../src-main/cli/messages/en'

describe("the CLI's pointer to the rest of the failures", () => {
  it('names the errors sheet as the report names it, in both languages', () => {
    expect(id.failedMore(3, 'j1')).toContain('lembar "Galat"')
    expect(en.failedMore(3, 'j1')).toContain('"Errors" sheet')
  })
})
