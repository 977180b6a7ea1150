import { homedir } from 'node:os'
import path from 'node:path'

/**
 * The same folder Electron's `app.getPath('userData')` gives for an app named "rekap", so the
 * desktop app and browser mode (`rekap ui`) share one store. REKAP_DATA_DIR overrides it.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.REKAP_DATA_DIR) return path.resolve(env.REKAP_DATA_DIR)
  const home = homedir()
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'rekap')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'rekap')
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'rekap')
}
