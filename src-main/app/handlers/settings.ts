import { createServiceClient, ServiceError } from '../../core/provider'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '../app-error'
import { checkInsideFolders } from '../../core/paths/inside-folder'
import { notConfirmed, pageMayNot, wideningField, wideningsOf, type Widening } from '../widening'
import type { AppContext } from '../app-context'
import { applySettingsPatch, jobSettingsFor, keyConfirmedFor, settingsView, type AppSettings } from '../app-settings'
import { accountId, adoptLegacyAccount } from '../../core/engine/account-id'
import type { Handlers } from '../dispatch'
import { keyHint } from '../key-vault'
import { normaliseServiceUrl, serviceOrigin, ServiceUrlError } from '../../core/net/service-url'
import type { ConnectionTestView } from '../../contract/ipc'
import { coreText, renderCoreText, textOfError } from '../../core/texts/core-text'

type SettingsHandlers = Pick<
  Handlers,
  'settings.get' | 'settings.save' | 'settings.setKey' | 'settings.clearKey' | 'settings.testConnection' | 'settings.setTeamPassword' | 'settings.clearTeamPassword'
>

const TEST_TIMEOUT_MS = 10_000

export function settingsHandlers(ctx: AppContext): SettingsHandlers {
  /** The account the settings talk to: the embedded sandbox, or the host with the stored key. */
  const account = (s: AppSettings): string => {
    const target = { baseUrl: s.baseUrl, apiKey: ctx.vault.get() ?? undefined, sandbox: s.baseUrl === '' }
    adoptLegacyAccount(ctx.store, target)
    return accountId(target, ctx.core.accountSecret?.())
  }
  const quotaSettings = (s: AppSettings) => jobSettingsFor(s, { baseUrl: s.baseUrl, sandbox: s.baseUrl === '' })
  const view = async () => {
    const key = ctx.vault.get()
    const s = ctx.settings()
    const usage = (await ctx.engine.usage(account(s), quotaSettings(s))).products
    return settingsView(s, { hasKey: key !== null, keyHint: keyHint(key), keySource: ctx.vault.source() }, ctx.paths.exportsDir, usage, ctx.teamVault?.get() != null)
  }
  return {
    'settings.get': async () => view(),
    'settings.save': async (patch) => {
      const current = ctx.settings()
      const next = applySettingsPatch(current, patch)
      await requirePersonFor(ctx, wideningsOf(current, next, ctx.paths.exportsDir))
      ctx.saveSettings(next)
      // Hits used are a statement about the account right now, not a setting kept for later.
      if (patch.hitsUsed) await ctx.engine.stateHitsUsed(account(next), quotaSettings(next), patch.hitsUsed)
      return view()
    },
    'settings.setKey': async ({ key }) => {
      const trimmed = key.trim()
      if (/\s/.test(trimmed)) throw new AppError('invalid-input', coreText('app.keySpaces', {}), 'key')
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
    'settings.testConnection': async ({ baseUrl }) => testConnection(ctx, baseUrl),
    'settings.setTeamPassword': async ({ password }) => {
      if (!ctx.teamVault) {
        throw new AppError('conflict', coreText('app.noTeamPasswordInBrowser', {}), 'teamPassword')
      }
      ctx.teamVault.set(password)
      return view()
    },
    'settings.clearTeamPassword': async () => {
      ctx.teamVault?.clear()
      return view()
    },
  }
}

/**
 * Every widening needs a person: the desktop asks in a native dialog; browser mode has no place
 * outside the page, so there only what the start flags allow passes (exports inside the data
 * folder or a --folder, checked on real paths so a symbolic link cannot lead elsewhere).
 */
async function requirePersonFor(ctx: AppContext, widenings: Widening[]): Promise<void> {
  for (const w of widenings) {
    if (ctx.confirmWidening) {
      if (!(await ctx.confirmWidening(w))) throw new AppError('conflict', notConfirmed(w), wideningField(w))
      continue
    }
    if (w.kind === 'exports-dir' && ctx.allowedFolders && (await folderInside([ctx.paths.dataDir, ...ctx.allowedFolders], w.dir))) continue
    throw new AppError(ctx.allowedFolders && w.kind === 'exports-dir' ? 'invalid-input' : 'conflict', pageMayNot(w), wideningField(w))
  }
}

/** Is `dir` (which may not exist yet) inside one of `folders`, by real paths? */
async function folderInside(folders: string[], dir: string): Promise<boolean> {
  const existing = await nearestExisting(path.resolve(dir))
  const where = await checkInsideFolders(folders, existing)
  return where === 'inside'
}

async function nearestExisting(dir: string): Promise<string> {
  for (let d = dir; ; d = path.dirname(d)) {
    if (await stat(d).then(() => true, () => false)) return d
    if (path.dirname(d) === d) return d
  }
}

/**
 * One cheap, free request (hospital types) to the address as typed. The key goes with it only to
 * the host it is confirmed for (keyConfirmedFor, the rule every request follows); any other
 * address is tested without it: it shows whether the service is there, never the key.
 */
async function testConnection(ctx: AppContext, typed: string | undefined): Promise<ConnectionTestView> {
  const fail = (result: ConnectionTestView['result'], where: string | null, detail: string | null = null): ConnectionTestView => ({
    ok: false, result, where, detail, keySent: false, latencyMs: null,
  })
  let baseUrl: string
  try {
    baseUrl = typed === undefined ? ctx.settings().baseUrl : normaliseServiceUrl(typed)
  } catch (err) {
    const text = err instanceof ServiceUrlError ? textOfError(err) : null
    return fail('bad-address', typed ?? null, text ? renderCoreText(text, ctx.settings().language ?? 'id') : String(err))
  }
  const sandbox = baseUrl === ''
  const target = sandbox ? await ctx.targetForJob({ baseUrl: '', sandbox: true }) : null
  const where = sandbox ? null : serviceOrigin(baseUrl)
  const stored = ctx.vault.get()
  const apiKey = sandbox ? target!.apiKey : keyConfirmedFor(ctx.settings(), baseUrl) ? (stored ?? undefined) : undefined
  const client = createServiceClient({
    baseUrl: target?.baseUrl ?? baseUrl,
    apiKey,
    authHeader: ctx.settings().authHeader,
    fetch: ctx.core.fetch,
    timeoutMs: TEST_TIMEOUT_MS,
  })
  const started = performance.now()
  const keySent = apiKey !== undefined
  try {
    await client.hospitalTypes()
    return { ok: keySent, result: keySent ? 'connected' : 'no-key', where, detail: null, keySent, latencyMs: Math.round(performance.now() - started) }
  } catch (err) {
    const latencyMs = err instanceof ServiceError && err.status ? Math.round(performance.now() - started) : null
    return { ok: false, result: failureResult(err, keySent, stored !== null), where, detail: detailOf(err), keySent, latencyMs }
  }
}

function failureResult(err: unknown, keySent: boolean, hasKey: boolean): ConnectionTestView['result'] {
  if (!(err instanceof ServiceError)) return 'error'
  switch (err.kind) {
    case 'auth':
      // asked for a key we did not send: the service is there, the key was kept back
      return keySent ? 'auth' : hasKey ? 'reachable-key-withheld' : 'reachable-no-key'
    case 'network':
    case 'timeout':
    case 'protocol':
    case 'rate-limited':
      return err.kind
    case 'quota':
      return 'quota-exhausted'
    default:
      return 'error'
  }
}

/** The service's words for an error it answered (never the key: the client does not echo it). */
function detailOf(err: unknown): string | null {
  if (err instanceof ServiceError) return err.kind === 'auth' || err.kind === 'network' ? null : (err.serviceMessage ?? null)
  return err instanceof Error ? err.message : String(err)
}
