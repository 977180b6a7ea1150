/**
 * The team store's clock as seen from this desk, so a granted slot (a time by the store's clock)
 * becomes a time by this desk's. Each answer is a sample: the server's time at the statement's end
 * lies between sending and receiving, so the offset is known within half the round trip. The
 * fastest recent sample is kept (a slow answer, one that waited for a core or a lock, says little),
 * and a slot is placed half that round trip late, so it is never earlier than the store meant.
 * Why not "the answer's arrival + the server's distance to the slot": an answer handled late would
 * shift every slot of its batch, the ones held for later callers too, by that lateness.
 */

/** A sample older than this gives way to any newer one (clocks drift, routes change). */
const KEEP_MS = 10_000

export class ServerClock {
  private best: { rtt: number; offset: number; at: number } | null = null

  /** One answer: sent and received by this desk's clock, `serverAt` the server's time in between. */
  sample(sentAt: number, answeredAt: number, serverAt: number): void {
    const rtt = Math.max(0, answeredAt - sentAt)
    const offset = serverAt - (sentAt + answeredAt) / 2
    if (!this.best || rtt <= this.best.rtt || answeredAt - this.best.at > KEEP_MS) this.best = { rtt, offset, at: answeredAt }
  }

  /** A time by the server's clock, by this desk's (never earlier than it can be); needs a sample first. */
  local(serverAt: number): number {
    if (!this.best) throw new Error('no sample of the server clock yet')
    return serverAt - this.best.offset + this.best.rtt / 2
  }
}
