import path from 'node:path'

/** Where the app keeps its things. The database lives in dataDir; exports and uploads beside it. */
export interface AppPaths {
  dataDir: string
  dbFile: string
  exportsDir: string
  uploadsDir: string
}

export { defaultDataDir } from '../core/paths/data-dir'

export function appPaths(dataDir: string, dbFile?: string): AppPaths {
  return {
    dataDir,
    dbFile: dbFile ? path.resolve(dbFile) : path.join(dataDir, 'rekap.db'),
    exportsDir: path.join(dataDir, 'exports'),
    uploadsDir: path.join(dataDir, 'uploads'),
  }
}
