import { describe, expect, it } from 'vitest'
import { useGuarded } from '../../src-renderer/src/composables/use-guarded'
import { RekapCallError } from '../../src-renderer/src/api/call-error'

describe('useGuarded', () => {
  it('is busy while the work runs and not after; the run ends when the work ends', async () => {
    const g = useGuarded()
    let release!: () => void
    const seen: boolean[] = []
    const run = g.guard(async () => {
      seen.push(g.busy.value)
      await new Promise<void>((r) => (release = r))
    })
    expect(g.busy.value).toBe(true)
    release()
    await run
    expect(seen).toEqual([true])
    expect(g.busy.value).toBe(false)
    expect(g.error.value).toBeNull()
  })

  it('turns a failure into the screen\'s words, resets busy, and never rejects', async () => {
    const g = useGuarded()
    await expect(g.guard(async () => Promise.reject(new RekapCallError('path: tidak boleh', 'invalid-input', 'path')))).resolves.toBeUndefined()
    expect(g.error.value).toBe('tidak boleh')
    expect(g.busy.value).toBe(false)
  })

  it('clears the last error and calls onStart as each run begins, before the work', async () => {
    const order: string[] = []
    const g = useGuarded({ onStart: () => order.push(`start busy=${g.busy.value} error=${g.error.value}`) })
    g.error.value = 'old'
    await g.guard(async () => void order.push('work'))
    expect(order).toEqual(['start busy=true error=null', 'work'])
  })
})
