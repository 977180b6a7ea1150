/**
 * The team store goes away under a desk that was talking to it (a real PostgreSQL, stopped): the
 * reason its job waits is said in the desk's language. The driver's own words (its code or
 * message) stay as they are, inside a sentence of rekap's: under REKAP_LANG=id no English
 * sentence of rekap's reaches the waiting line or the blocked reason.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../src-main/core/store'
import { openTeamSession } from '../../../src-main/core/team'
import { createTeamCoordination } from '../../../src-main/core/coordination/team/team-coordination'
import { systemClock } from '../../../src-main/core/context'
import { renderCoreText, textOfError } from '../../../src-main/core/texts/core-text'
import { buildDoubtfulFaceJob } from './team-fixture'
import { useTeam } from './team-rig'

const rig = useTeam({ operators: ['op1'] })

describe('a connection to the team store that fails', () => {
  it('is named in the desk language: Indonesian under id, English under en', async () => {
    const dbFile = join(rig.team.dir, 'words.db')
    const jobId = buildDoubtfulFaceJob(dbFile, 1)
    const store = openStore(dbFile)
    const coordination = createTeamCoordination({
      open: () => openTeamSession({ url: rig.team.url('op1'), password: rig.team.password('op1'), desk: 'words' }),
      store,
      clock: systemClock,
    })
    try {
      await coordination.link.reachable()
      await rig.team.server.pause()
      const gate = coordination.money({ job: store.jobs.get(jobId)!, account: 'acct', product: 'face-match' })
      const failed = await gate.reserve(400).then(() => null, (e: unknown) => e as { reason?: string })
      expect(failed).toMatchObject({ reason: 'team-unreachable' })
      const id = renderCoreText(textOfError(failed)!, 'id')
      // (the server is gone: the driver says ECONNREFUSED, or how the connection ended)
      expect(id).toMatch(/^Penyimpanan tim tidak bisa dihubungi \(koneksi ke penyimpanan tim terputus: \S[^()]*\); tidak ada yang dikirim/)
      expect(renderCoreText(textOfError(failed)!, 'en')).toMatch(/^The team store cannot be reached \(the connection to the team store was lost: \S[^()]*\);/)
    } finally {
      await rig.team.server.start()
      await coordination.close()
      store.close()
    }
  }, 120_000)
})
