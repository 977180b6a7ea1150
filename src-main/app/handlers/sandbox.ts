import { ADMIN_HEADER } from '../../sandbox/index'
import { AppError } from '../app-error'
import { coreText } from '../../core/texts/core-text'
import type { AppContext } from '../app-context'
import type { Handlers } from '../dispatch'

/** Rehearsing a top-up: adds points to the embedded sandbox's balance through its admin endpoint. */
export function sandboxHandlers(ctx: AppContext): Pick<Handlers, 'sandbox.topup'> {
  return {
    'sandbox.topup': async ({ points }) => {
      if (ctx.settings().baseUrl !== '') {
        throw new AppError('conflict', coreText('app.topupSandboxOnly', {}))
      }
      const sandbox = await ctx.sandbox.get()
      const res = await ctx.core.fetch(`${sandbox.url}/_sandbox/topup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [ADMIN_HEADER]: sandbox.adminToken },
        body: JSON.stringify({ points }),
      })
      if (!res.ok) throw new AppError('failed', coreText('app.topupRefused', { status: res.status }))
      const state = (await res.json()) as { balance: number }
      return { balance: state.balance }
    },
  }
}
