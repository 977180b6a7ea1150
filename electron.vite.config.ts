/**
 * electron-vite builds three bundles into out/:
 *   main     out/main/index.js (ESM, Electron >= 28) + out/main/face-worker.js (the face engine's
 *            worker thread, found by core/face/worker-location.ts next to the chunk that starts it)
 *   preload  out/preload/index.cjs: CommonJS, because a sandboxed preload cannot be an ES module
 *   renderer out/renderer (also what `rekap ui` serves in browser mode)
 * Dependencies stay external in main (native better-sqlite3 and sharp, face-api and tfjs with
 * their wasm and model files); the preload bundles its few imports and needs only `electron`.
 */
import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig, type Plugin } from 'electron-vite'

const root = import.meta.dirname

/**
 * electron-vite's ESM shim adds `const require = createRequire(import.meta.url)` to every ESM
 * chunk that mentions `require(`; a module that declares its own top-level
 * `const require = createRequire(import.meta.url)` (core/face/face-models.ts does, to drive
 * face-api's CommonJS tfjs) then fails to load with "Identifier 'require' has already been
 * declared". Both bind the same thing, so the module's own copy is dropped where the shim is.
 */
function dropDuplicateRequireShim(): Plugin {
  const shim = /const require = __shims_module__\.createRequire\(import\.meta\.url\);/
  const own = /^(?:var|let|const) require = createRequire\(import\.meta\.url\);$/gm
  return {
    name: 'rekap:drop-duplicate-require-shim',
    apply: 'build',
    enforce: 'post',
    renderChunk(code) {
      if (!shim.test(code) || !own.test(code)) return null
      return { code: code.replace(own, '/* require: from the CommonJS shim above */'), map: null }
    },
  }
}

export default defineConfig({
  main: {
    plugins: [dropDuplicateRequireShim()],
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src-main/electron/main.ts'),
          'face-worker': resolve(root, 'src-main/core/face/face-worker.ts'),
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
