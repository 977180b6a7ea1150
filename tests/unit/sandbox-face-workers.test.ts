/**
 * REKAP_SANDBOX_FACE_WORKERS (issue 27): how many copies of the face models a sandbox holds. A value
 * that is not a whole number from 1 to 64 is refused with a text naming the variable and the value,
 * in both languages, never silently replaced by the default.
 */
import { describe, expect, it } from 'vitest'
import { faceWorkersFromEnv, MAX_FACE_WORKERS, resolveSandboxOptions, SandboxOptionError } from '../../src-main/sandbox/sandbox-options'
import { renderCoreText } from '../../src-main/core/texts/core-text'

const refusal = (fn: () => unknown): SandboxOptionError => {
  try {
    fn()
  } catch (err) {
    if (err instanceof SandboxOptionError) return err
    throw err
  }
  throw new Error('not refused')
}

describe('REKAP_SANDBOX_FACE_WORKERS', () => {
  it('unset or empty: the engine keeps its default (one worker per core)', () => {
    expect(faceWorkersFromEnv({})).toBeUndefined()
    expect(faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: '' })).toBeUndefined()
    expect(faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: '  ' })).toBeUndefined()
  })

  it('a whole number from 1 to 64 is the worker count', () => {
    expect(faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: '1' })).toBe(1)
    expect(faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: ' 3 ' })).toBe(3)
    expect(faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: String(MAX_FACE_WORKERS) })).toBe(64)
  })

  it.each(['0', '65', 'abc', '1.5', '-1', '2x', '1e1'])('%j is refused, naming the variable and the value (exit 2 in the CLI)', (value) => {
    const err = refusal(() => faceWorkersFromEnv({ REKAP_SANDBOX_FACE_WORKERS: value }))
    expect(err.message).toBe(`REKAP_SANDBOX_FACE_WORKERS must be a whole number from 1 to 64, got "${value}"`)
    expect(renderCoreText(err.text!, 'id')).toBe(`REKAP_SANDBOX_FACE_WORKERS harus bilangan bulat dari 1 sampai 64, bukan "${value}"`)
    expect(err.exitCode).toBe(2)
  })

  it('the option given in code is checked the same way', () => {
    expect(resolveSandboxOptions({ faceWorkers: 2 }).faceWorkers).toBe(2)
    expect(refusal(() => resolveSandboxOptions({ faceWorkers: 0 })).message).toMatch(/from 1 to 64, got "0"/)
  })
})
