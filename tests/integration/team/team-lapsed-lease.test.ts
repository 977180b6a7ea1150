/**
 * Team truth audit: a desk that stalls (a laptop whose lid is closed mid-run) after reserving a
 * paid request but before sending it. Its lease lapses, and another desk's money check sweeps the
 * reservation away as a dead desk's (never sent: released, no ledger line). When the laptop wakes,
 * the request must not go out on that vanished reservation: the service would charge it and the
 * team ledger would never hear of it (the team's budget and balance counting one charge short).
 * The desk's own coordination (core/coordination/team) on a real PostgreSQL, the stall made by
 * expiring its lease in the store, as the heartbeat of a suspended process would let it.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import pg from 'pg'
import { openStore } from '../../../src-main/core/store'
import { openTeamSession } from '../../../src-main/core/team'
import { createTeamCoordination } from '../../../src-main/core/coordination/team/team-coordination'
import { renderCoreText, textOfError } from '../../../src-main/core/texts/core-text'
import { buildDoubtfulFaceJob } from './team-fixture'
import { waitFor } from './desks-fixture'
import { useTeam } from './team-rig'

const rig = useTeam({ operators: ['op1'] })

describe('a desk whose lease lapsed between reserving and sending', () => {
  it('does not send on a reservation the team released: the request is refused before it leaves', async () => {
    const dbFile = join(rig.team.dir, 'laptop.db')
    const jobId = buildDoubtfulFaceJob(dbFile, 1)
    const store = openStore(dbFile)
    const coordination = createTeamCoordination({
      open: () => openTeamSession({ url: rig.team.url('op1'), password: rig.team.password('op1'), desk: 'laptop' }),
      store,
      clock: { now: () => Date.now(), sleep: (ms: number) => new Promise((r) => setTimeout(r, ms)) } as never,
    })
    try {
      const hold = await coordination.money({ job: store.jobs.get(jobId)!, account: 'acct', product: 'face-match' }).reserve(400)
      expect(hold.ok).toBe(true)
      if (!hold.ok) return
      // a lease lives at least 15 s after the store started (schema v5): past that, as in any long run
      await waitFor(
        async () => (await rig.team.query(`SELECT pg_postmaster_start_time() + interval '16 seconds' < clock_timestamp() AS past`)).rows[0].past,
        (past) => past === true,
        60_000,
        250,
      )
      // the laptop sleeps: its lease lapses, and another desk's money check (the sweep) runs
      // (one transaction: the desk's heartbeat, renewing the same row, waits for it to end)
      const owner = new pg.Client(rig.team.server.clientConfig({ user: 'teamowner', password: rig.team.password('teamowner'), database: rig.team.database }))
      await owner.connect()
      try {
        await owner.query('BEGIN')
        const lapsed = await owner.query(`UPDATE rekap.leases SET lease_until = clock_timestamp() - interval '1 second' WHERE session = $1`, [coordination.link.lease])
        expect(lapsed.rowCount).toBe(1)
        await owner.query('SELECT rekap.sweep_dead_reservations()')
        await owner.query('COMMIT')
      } finally {
        await owner.end()
      }
      expect((await rig.team.query(`SELECT count(*)::int AS n FROM rekap.reservations`)).rows[0].n).toBe(0)
      // it wakes and would send now: refused, so nothing is charged outside the team's ledger
      const refused = await hold.hold.sending().then(() => null, (e: unknown) => e as { reason?: string })
      expect(refused).toMatchObject({ reason: 'team-unreachable' })
      // the desk's waiting line and blocked reason say why in the desk's language
      expect(renderCoreText(textOfError(refused)!, 'id')).toBe(
        'Penyimpanan tim tidak bisa dihubungi (sewa meja ini habis dan tim melepaskan reservasinya); tidak ada yang dikirim sampai ia menjawab, lalu pekerjaan berlanjut sendiri.',
      )
      expect(renderCoreText(textOfError(refused)!, 'en')).toContain("(this desk's lease lapsed and the team released its reservation)")
    } finally {
      await coordination.close()
      store.close()
    }
  }, 120_000)
})
