/**
 * The team store's clock as seen from this desk, so a granted slot (a time by the store's clock)
 * becomes a time by this desk's. Each answer is a sample: the server's time at the statement's end
 * lies between sending and receiving, so the offset is known within half the round trip. The
 * fastest of the last 16 answers (within 10 s) is used: a slow one, that waited for a core or a lock, says little;
 * and a slot is placed half that round trip late, so it is never earlier than the store meant.
 * Why not "the answer's arrival + the server's distance to the slot": an answer handled late would
 * shift every slot of its batch, the ones held for later callers too, by that lateness.
 */

/** Samples older than this give way (clocks drift, routes change); the newest always stays. */
const KEEP_MS = 10_000
/** The recent answers the fastest is chosen from: one slow answer alone never sets the offset. */
const SAMPLES = 16

interface Sample {
  rtt: number
  offset: number
  at: number
}

export class ServerClock {
  private samples: Sample[] = []
  private best: Sample | null = null

  /** One answer: sent and received by this desk's clock, `serverAt` the server's time in between. */
  sample(sentAt: number, answeredAt: number, serverAt: number): void {
    const rtt = Math.max(0, answeredAt - sentAt)
    this.samples.push({ rtt, offset: serverAt - (sentAt + answeredAt) / 2, at: answeredAt })
    if (this.samples.length > SAMPLES) this.samples.shift()
    while (this.samples.length > 1 && answeredAt - this.samples[0].at > KEEP_MS) this.samples.shift()
    this.best = this.samples.reduce((a, b) => (b.rtt <= a.rtt ? b : a))
  }

  /** A time by the server's clock, by this desk's (never earlier than it can be); needs a sample first. */
  local(serverAt: number): number {
    if (!this.best) throw new Error('no sample of the server clock yet')
    return serverAt - this.best.offset + this.best.rtt / 2
  }
}
