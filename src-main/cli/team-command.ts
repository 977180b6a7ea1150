/** rekap team init | status | settings: joining, looking at and setting up the team store. */
import type { Command } from 'commander'
import { existsSync } from 'node:fs'
import { initTeamStore, openTeamSession, publishLocalJob, readTeamStatus, setMakerChecker, type TeamSession } from '../core/team'
import { openStore } from '../core/store'
import { openDataFile } from './data-file-open'
import { dbPathFrom } from './data-file-path'
import { CliError } from './exit-codes'
import { requireTeamConfig } from './team-options'
import { asTeamCliError } from './team-cli-error'
import { EXIT } from './exit-codes'
import { t } from './cli-language'

async function withSession<T>(session: TeamSession, work: (s: TeamSession) => Promise<T>): Promise<T> {
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}

/** Opens the session the command's options name; team errors get their exit codes. */
export async function cliTeamSession(cmd: Command): Promise<TeamSession> {
  return openTeamSession(requireTeamConfig(cmd)).catch((err: unknown) => {
    throw asTeamCliError(err)
  })
}

export async function teamInitCommand(cmd: Command): Promise<number> {
  const { session, migration } = await initTeamStore(requireTeamConfig(cmd)).catch((err: unknown) => {
    throw asTeamCliError(err)
  })
  return withSession(session, async (s) => {
    const m = t().team
    process.stdout.write(m.initDone(s.target.display, migration.from, migration.to) + '\n')
    process.stdout.write(m.joined(s.desk, s.role) + '\n')
    return EXIT.ok
  })
}

export async function teamStatusCommand(cmd: Command, json: boolean): Promise<number> {
  const session = await cliTeamSession(cmd)
  return withSession(session, async (s) => {
    const st = await readTeamStatus(s.pool)
    if (json) {
      process.stdout.write(JSON.stringify({ team: s.target.display, desk: s.desk, role: s.role, ...st }, null, 2) + '\n')
      return EXIT.ok
    }
    const m = t().team
    const out: string[] = [m.statusHead(s.target.display, st.month), m.desks + ':']
    for (const d of st.desks) out.push(m.desk(d.name, d.host, d.lastSeen, d.lastRole))
    out.push(m.operators + ':')
    for (const o of st.operators) out.push(m.operator(o.role, o.desks.join(', ')))
    out.push(m.running + ':')
    for (const j of st.runningJobs) out.push(m.job(j.desk, j.jobId, j.kind, j.state, j.counts.done ?? 0, j.total, j.operator))
    if (!st.runningJobs.length) out.push(m.none)
    out.push(m.money(t().rp(st.spentRp), st.charges, st.reuses))
    const list = (o: Record<string, number> | null, unit: string): string =>
      o === null ? m.notYet : Object.keys(o).length ? Object.entries(o).map(([p, n]) => `${p} ${n}${unit}`).join(', ') : '-'
    out.push(m.budgetLeft(st.budgetRp === null || st.budgetLeftRp === null ? m.noBudget : `${t().rp(st.budgetLeftRp)} / ${t().rp(st.budgetRp)}`))
    out.push(m.balance(st.balanceRp === null ? m.noBalance : t().rp(st.balanceRp)))
    out.push(m.hits(list(st.hits, '')))
    out.push(m.rate(list(st.rateInUse, '/s')))
    out.push(m.makerChecker(st.makerChecker))
    process.stdout.write(out.join('\n') + '\n')
    return EXIT.ok
  })
}

export async function teamSettingsCommand(cmd: Command, o: { makerChecker?: 'on' | 'off' }): Promise<number> {
  const session = await cliTeamSession(cmd)
  return withSession(session, async (s) => {
    if (o.makerChecker) {
      await setMakerChecker(s.pool, o.makerChecker === 'on')
      process.stdout.write(t().team.settingsDone(o.makerChecker === 'on') + '\n')
    }
    const st = await readTeamStatus(s.pool)
    process.stdout.write(t().team.makerChecker(st.makerChecker) + '\n')
    return EXIT.ok
  })
}

/** rekap team publish <job>: the job's state and counts, and (when done) its doubtful pairs, to the team. */
export async function teamPublishCommand(cmd: Command, jobArg: string, db: string | undefined): Promise<number> {
  const dbFile = dbPathFrom(db)
  if (!existsSync(dbFile)) throw new CliError(t().noDataFile(dbFile), EXIT.usage)
  const store = openDataFile(dbFile, () => openStore(dbFile))
  try {
    const job = store.jobs.get(jobArg) ?? store.jobs.list().find((j) => j.id.startsWith(jobArg))
    if (!job) throw new CliError(t().noJob(jobArg, dbFile), EXIT.usage)
    const session = await cliTeamSession(cmd)
    return await withSession(session, async (s) => {
      const added = await publishLocalJob(s, store, job)
      process.stdout.write(t().team.published(job.id, job.state, s.desk, added) + '\n')
      return EXIT.ok
    })
  } finally {
    store.close()
  }
}
