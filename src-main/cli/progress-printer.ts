import cliProgress from 'cli-progress'
import type { ProgressView } from '../contract/ipc'
import { cliLang, t } from './cli-language'
import { formatFixed } from '../contract/numbers'

/** One line a person or a log file can read. */
export function progressLine(p: ProgressView): string {
  const c = p.counts
  const m = t().progress
  const finished = c.done + c.failed
  const parts = [m.rows(p.jobId, finished, c.total), m.done(c.done), m.failed(c.failed)]
  if (c.uncertain) parts.push(m.uncertain(c.uncertain))
  // no pace and no ETA until the engine has measured one (a first line "0.0/s, ETA 2h34m" misleads)
  if (p.ratePerSec > 0) parts.push(m.rate(formatFixed(p.ratePerSec, cliLang(), 1)))
  else if (p.state === 'running') parts.push(m.measuring)
  if (p.spentRp) parts.push(m.spent(p.spentRp))
  if (p.etaSeconds !== null && p.state === 'running') parts.push(m.eta(formatSeconds(p.etaSeconds)))
  return parts.join(', ')
}

export function formatSeconds(s: number): string {
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}

/** A live bar on a terminal, a plain line every few seconds on a pipe, nothing with --json. */
export function createProgressPrinter(mode: 'tty' | 'plain' | 'silent'): { update(p: ProgressView): void; stop(): void } {
  if (mode === 'silent') return { update() {}, stop() {} }
  if (mode === 'plain') {
    let last = 0
    return {
      update(p) {
        // The final line is printed by the command itself, once.
        if (p.state !== 'running') return
        const now = Date.now()
        if (now - last < 2000) return
        last = now
        process.stdout.write(progressLine(p) + '\n')
      },
      stop() {},
    }
  }
  const bar = new cliProgress.SingleBar(
    { format: t().progress.bar, hideCursor: true },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  return {
    update(p) {
      const c = p.counts
      const payload = {
        done: c.done,
        failed: c.failed,
        rate: p.ratePerSec > 0 ? formatFixed(p.ratePerSec, cliLang(), 1) : '…',
        spent: t().rp(p.spentRp),
        eta_text: p.etaSeconds === null ? '?' : formatSeconds(p.etaSeconds),
      }
      if (!started) (bar.start(c.total, c.done + c.failed, payload), (started = true))
      else bar.update(c.done + c.failed, payload)
    },
    stop() {
      if (started) bar.stop()
    },
  }
}
