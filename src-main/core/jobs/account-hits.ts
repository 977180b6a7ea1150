/**
 * The month's hits of one service account for one product, shared by every job this engine
 * runs: what the store has counted plus the requests started since. Counted when a request
 * starts (not when its row is written), so neither concurrent rows nor two jobs of the same
 * account can together go past the quota.
 */
export class AccountHits {
  private base: number
  private started = 0
  private users = 0

  constructor(private readonly readStored: () => number) {
    this.base = readStored()
  }

  used(): number {
    return this.base + this.started
  }

  /** A request is about to start: false (and nothing counted) when no hit is left. */
  tryStart(quota: number | null): boolean {
    if (quota !== null && this.used() >= quota) return false
    this.started++
    return true
  }

  /** The request ended without counting as a hit (refused, failed before an answer). */
  unstart(): void {
    this.started = Math.max(0, this.started - 1)
  }

  /** A runner starts using the counter; the first one re-reads the store (the user may have stated hits). */
  acquire(): void {
    if (this.users++ === 0) this.refresh()
  }

  release(): void {
    this.users = Math.max(0, this.users - 1)
  }

  /** Re-reads the stored count (after the user stated the hits used). */
  refresh(): void {
    this.base = this.readStored()
    this.started = 0
  }
}
