import { afterAll, beforeAll } from 'vitest'
import { join } from 'node:path'
import { openStore, type Store } from '../../src-main/core/store'
import { makeTempDir } from './temp-dir'

/**
 * A real SQLite store in a fresh temporary folder for the tests of one file: opened before them
 * (handed to `opened`), closed and removed after them.
 */
export function useTempStore(opened: (store: Store, dir: string) => void): void {
  let tmp: ReturnType<typeof makeTempDir> | undefined
  let store: Store | undefined
  beforeAll(() => {
    tmp = makeTempDir()
    store = openStore(join(tmp.dir, 'rekap.db'))
    opened(store, tmp.dir)
  })
  afterAll(() => {
    store?.close()
    tmp?.cleanup()
  })
}
