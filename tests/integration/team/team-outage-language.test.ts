/**
 * The team store stops in the middle of a run (a real PostgreSQL server, real rekap processes on one
 * real sandbox): the warning each desk prints while it waits for the store is said in the desk's
 * language, Indonesian under REKAP_LANG=id, English under en, like every other line it prints.
 */
import { describe, expect, it } from 'vitest'
import { facePairs, pairsFile, startDesk, waitFor, type Desk } from './desks-fixture'
import { useTeamWithSandbox } from './team-rig'

// answers take ~1 s, so the run lasts long enough to stop the store in the middle of it
const rig = useTeamWithSandbox({ operators: ['op1', 'op2'], sandbox: { args: ['--latency', '1000'] } })

const waitingLine = (desk: Desk): string | undefined => desk.out().split('\n').find((l) => /^\[(warn|peringatan)\] .*(team|tim)/.test(l))

describe('the team store goes away mid-run: the waiting line is in the desk language', () => {
  it('says it in Indonesian under REKAP_LANG=id and in English under en', async () => {
    const desk = (lang: string, n: number): Desk =>
      startDesk({
        team: rig.team, sandbox: rig.sandbox, role: `op${n + 1}`, name: `lang-${lang}`, env: { REKAP_LANG: lang },
        args: ['run', pairsFile(rig.team.dir, `lang-${lang}.csv`, facePairs(n * 20, 20)), '--kind', 'face-match', '--concurrency', '1', '--allow-outside-paths'],
      })
    const desks = [desk('id', 0), desk('en', 1)]
    // both desks have rows answered and rows to go: each is in the middle of its run
    await waitFor(() => desks.map((d) => /: [1-9]\/20 (rows|baris)/.test(d.out()) && !/: 20\/20/.test(d.out())), (midRun) => midRun.every(Boolean), 60_000)

    await rig.team.server.pause()
    const [id, en] = await waitFor(() => desks.map(waitingLine), (lines) => lines.every(Boolean), 20_000)
    // the latency kept both desks mid-run until the store stopped; their remaining pairs (up to 19
    // each, one at a time: ~15 s more at 1 s) need none to show that each continues to the end
    await rig.sandbox.admin('POST', '/_sandbox/faults', { latency_ms: 0 })
    await rig.team.server.start()
    for (const d of desks) expect((await d.done).code, d.out()).toBe(0)

    // the job's name prefixes it as on the desk's progress lines ("job j…: 3/20 baris")
    const job = (d: Desk): string => /job (j\w+)/.exec(d.out())![1]
    expect(id).toMatch(new RegExp(`^\\[peringatan\\] job ${job(desks[0])}: penyimpanan tim tidak terjangkau \\(.+\\); menunggu sampai ia menjawab lagi$`))
    expect(id).not.toMatch(/team store|waiting|no answer/)
    expect(en).toMatch(new RegExp(`^\\[warn\\] job ${job(desks[1])}: team store unreachable \\(.+\\); waiting for it$`))
  }, 180_000)
})
