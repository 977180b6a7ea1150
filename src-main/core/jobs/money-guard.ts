/**
 * Spending rules for paid calls. The service has no balance endpoint, so rekap keeps its own
 * account: what is already charged plus what is reserved for requests in flight must never
 * exceed the budget or the stated balance. A request that could overspend is not started.
 */
export interface MoneyLimits {
  budgetRp: number | null
  balanceRp: number | null
}

export class MoneyGuard {
  private reservedPoints = 0

  constructor(
    private readonly limits: MoneyLimits,
    /** points already charged by this job (and, for the balance, since it was stated) */
    private spentPoints: number,
  ) {}

  get spent(): number {
    return this.spentPoints
  }

  get reserved(): number {
    return this.reservedPoints
  }

  /** The tighter of budget and balance, or null when neither is set. */
  get limit(): number | null {
    const { budgetRp, balanceRp } = this.limits
    if (budgetRp === null && balanceRp === null) return null
    return Math.min(budgetRp ?? Infinity, balanceRp ?? Infinity)
  }

  /** Which limit stops us (for the message), or null if the price still fits. */
  wouldExceed(pricePoints: number): 'budget' | 'balance' | null {
    const next = this.spentPoints + this.reservedPoints + pricePoints
    const { budgetRp, balanceRp } = this.limits
    if (balanceRp !== null && next > balanceRp) return 'balance'
    if (budgetRp !== null && next > budgetRp) return 'budget'
    return null
  }

  reserve(pricePoints: number): boolean {
    if (this.wouldExceed(pricePoints)) return false
    this.reservedPoints += pricePoints
    return true
  }

  /** The call ended: charged (success) or not (any error). */
  settle(pricePoints: number, charged: boolean): void {
    this.reservedPoints = Math.max(0, this.reservedPoints - pricePoints)
    if (charged) this.spentPoints += pricePoints
  }
}
