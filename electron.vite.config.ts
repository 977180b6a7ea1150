/**
 * electron-vite builds three bundles into out/:
 *   main     out/main/index.js (ESM, Electron >= 28) + out/main/face-worker.js (the face engine's
 *            worker thread, found by sandbox/face/worker-location.ts next to the chunk that starts it)
 *            + out/main/heavy-worker.js (plans and job reports, core/workers/worker-launch.ts)
 *            + out/main/zip-worker.js (a large report's rows to bytes, core/reports/xlsx/zip-thread.ts)
 *   preload  out/preload/index.cjs: CommonJS, because a sandboxed preload cannot be an ES module
 *   renderer out/renderer (also what `rekap ui` serves in browser mode)
 * Dependencies stay external in main (native better-sqlite3 and sharp, face-api and tfjs with
 * their wasm and model files); the preload bundles its few imports and needs only `electron`.
 */
import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src-main/electron/main.ts'),
          'face-worker': resolve(root, 'src-main/sandbox/face/face-worker.ts'),
          // plans' imports and job reports, off the thread that serves the UI (core/workers/heavy-work.ts)
          'heavy-worker': resolve(root, 'src-main/core/workers/heavy-worker.ts'),
          // a large report's rows' XML, digest and deflate, beside the thread that reads them
          'zip-worker': resolve(root, 'src-main/core/reports/xlsx/zip-worker.ts'),
        },
        // Keep native and asset-carrying packages out of the bundle even if they are not
        // listed as direct dependencies of package.json one day.
        external: ['better-sqlite3', 'sharp', '@vladmandic/face-api', /^@tensorflow\//, 'busboy'],
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          // all chunks beside index.js, so `new URL('./face-worker.js', import.meta.url)` finds the worker
          chunkFileNames: '[name]-[hash].js',
        },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    // output: out/renderer (electron-vite's default, also under --outDir)
    build: { rollupOptions: { input: { index: resolve(root, 'src-renderer/index.html') } } },
    plugins: [vue()],
  },
})
