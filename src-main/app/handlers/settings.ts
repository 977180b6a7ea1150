import { createServiceClient, ServiceError } from '../../core/provider'
import path from 'node:path'
import { AppError } from '../app-error'
import { isInside } from '../../core/paths/inside-folder'
import type { AppContext } from '../app-context'
import { applySettingsPatch, jobSettingsFor, settingsView, type AppSettings } from '../app-settings'
import { accountOf } from '../../core/engine/account-id'
import type { Handlers } from '../dispatch'
import { keyHint } from '../key-vault'
import { unconfirmed } from '../service-target'
import { serviceOrigin } from '../../core/net/service-url'

type SettingsHandlers = Pick<
  Handlers,
  'settings.get' | 'settings.save' | 'settings.setKey' | 'settings.clearKey' | 'settings.testConnection'
>

const TEST_TIMEOUT_MS = 10_000

export function settingsHandlers(ctx: AppContext): SettingsHandlers {
  /** The account the settings talk to: the embedded sandbox, or the host with the stored key. */
  const account = (s: AppSettings): string =>
    accountOf({ baseUrl: s.baseUrl, apiKey: ctx.vault.get() ?? undefined, sandbox: s.baseUrl === '' })
  const quotaSettings = (s: AppSettings) => jobSettingsFor(s, { baseUrl: s.baseUrl, sandbox: s.baseUrl === '' })
  const view = () => {
    const key = ctx.vault.get()
    const s = ctx.settings()
    const usage = ctx.engine.usage(account(s), quotaSettings(s)).products
    return settingsView(s, { hasKey: key !== null, keyHint: keyHint(key), keySource: ctx.vault.source() }, ctx.paths.exportsDir, usage)
  }
  return {
    'settings.get': async () => view(),
    'settings.save': async (patch) => {
      const next = applySettingsPatch(ctx.settings(), patch)
      // the key would go to a host it was not confirmed for: the desktop asks outside the page too
      if (ctx.confirmKeyHost && next.keyHost !== null && next.keyHost !== ctx.settings().keyHost) {
        if (!(await ctx.confirmKeyHost(next.keyHost))) {
          throw new AppError('conflict', `baseUrl: you did not confirm sending the API key to ${next.keyHost}; nothing was changed`, 'baseUrl')
        }
      }
      // browser mode: exports are written only where the page may read files anyway
      if (ctx.allowedFolders && next.exportsDir !== null && next.exportsDir !== ctx.settings().exportsDir) {
        if (![ctx.paths.dataDir, ...ctx.allowedFolders].some((f) => isInside(path.resolve(f), next.exportsDir!))) {
          throw new AppError('invalid-input', 'dataDir: in rekap ui, exports go to the data folder or a folder rekap ui was started with (--folder)', 'dataDir')
        }
      }
      ctx.saveSettings(next)
      // Hits used are a statement about the account right now, not a setting kept for later.
      if (patch.hitsUsed) ctx.engine.stateHitsUsed(account(next), quotaSettings(next), patch.hitsUsed)
      return view()
    },
    'settings.setKey': async ({ key }) => {
      const trimmed = key.trim()
      if (/\s/.test(trimmed)) throw new AppError('invalid-input', 'key: an API key has no spaces or line breaks in it', 'key')
      ctx.vault.set(trimmed)
      // typed in with this address showing: the key is confirmed for this host (none for the sandbox)
      const s = ctx.settings()
      ctx.saveSettings({ ...s, keyHost: s.baseUrl === '' ? null : serviceOrigin(s.baseUrl) })
      return view()
    },
    'settings.clearKey': async () => {
      ctx.vault.clear()
      ctx.saveSettings({ ...ctx.settings(), keyHost: null })
      return view()
    },
    'settings.testConnection': async () => testConnection(ctx),
  }
}

/** One cheap, free request (hospital types) that needs a valid key; the answer in plain words. */
async function testConnection(ctx: AppContext): Promise<{ ok: boolean; message: string; latencyMs: number | null }> {
  const target = await ctx.target()
  const where = target.sandbox ? 'the built-in SANDBOX' : target.baseUrl
  if (!target.apiKey) {
    if (!target.sandbox && ctx.vault.get()) return { ok: false, message: unconfirmed(target.baseUrl).message, latencyMs: null }
    return { ok: false, message: 'No API key yet: enter the key from your service dashboard, then test again.', latencyMs: null }
  }
  const client = createServiceClient({
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    authHeader: ctx.settings().authHeader,
    fetch: ctx.core.fetch,
    timeoutMs: TEST_TIMEOUT_MS,
  })
  const started = performance.now()
  try {
    await client.hospitalTypes()
    const latencyMs = Math.round(performance.now() - started)
    return { ok: true, message: `Connected to ${where}; the key is accepted.`, latencyMs }
  } catch (err) {
    const latencyMs = Math.round(performance.now() - started)
    return { ok: false, message: explainFailure(err, where), latencyMs: err instanceof ServiceError && err.status ? latencyMs : null }
  }
}

function explainFailure(err: unknown, where: string): string {
  if (!(err instanceof ServiceError)) return `Could not test ${where}: ${err instanceof Error ? err.message : String(err)}`
  switch (err.kind) {
    case 'auth':
      return `${where} refused the API key (401). Check the key in your dashboard and enter it again.`
    case 'network':
      return `Cannot reach ${where}: check the address and your internet connection.`
    case 'timeout':
      return `${where} did not answer within ${TEST_TIMEOUT_MS / 1000} seconds.`
    case 'quota':
    case 'rate-limited':
      return `${where} accepted the key but is limiting requests right now (429); try again later.`
    case 'protocol':
      return `${where} answered, but not like the reference-data service does: is the address right?`
    default:
      return `${where} answered with an error: ${err.message}`
  }
}
