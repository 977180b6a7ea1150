/**
 * A faster Concat for the face workers' tfjs (wasm backend), for one shape: float32 tensors joined on
 * their last axis. tfjs's own kernel copies with one `TypedArray.set` per input per row; face-api's
 * `normalize` joins three [1, H, W, 1] mean images on that axis before every net, so each photo cost
 * 3·H·W calls of a few hundred nanoseconds: ~870 ms of each face worker's ~7 s of CPU on the
 * 12-row example (`node --cpu-prof`, the built CLI). Copied element by element the values are the
 * same bits (a copy; no arithmetic); every other shape and dtype goes to tfjs's own kernel.
 */

/** The part of a tfjs tensor a kernel sees. */
interface TensorInfo {
  dataId: object
  shape: number[]
  dtype: string
}

/** The wasm backend's methods the kernel uses (tfjs-backend-wasm 4.22: the same its own Concat uses). */
interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo
  typedArrayFromHeap(t: TensorInfo): Float32Array
}

export interface KernelConfig {
  kernelName: string
  backendName: string
  kernelFunc: (args: { inputs: TensorInfo[]; backend: WasmBackend; attrs: { axis: number | number[] } }) => TensorInfo
}

/** The tfjs functions that swap a kernel (face-api re-exports them from its tfjs). */
export interface KernelRegistry {
  getKernel(name: string, backend: string): KernelConfig | undefined
  unregisterKernel(name: string, backend: string): void
  registerKernel(config: KernelConfig): void
}

/**
 * Writes `inputs`, each `rows` rows of `widths[i]` values, into `out` row by row: row r of input 0,
 * then row r of input 1, ... (a concat on the last axis of tensors flattened to [rows, width]).
 */
export function interleaveRows(inputs: ArrayLike<number>[], widths: number[], rows: number, out: { [i: number]: number }): void {
  let o = 0
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < inputs.length; i++) {
      const values = inputs[i]
      const width = widths[i]
      for (let k = r * width, end = k + width; k < end; k++) out[o++] = values[k]
    }
  }
}

/** Rows of at most this many values are copied element by element; wider ones by `set` (tfjs's way, fast for them). */
const NARROW = 16

/** The output shape when every input is float32, non-empty, of one rank, equal but for the last axis; else null. */
export function lastAxisConcatShape(inputs: Array<Pick<TensorInfo, 'shape' | 'dtype'>>, axis: number): number[] | null {
  if (inputs.length < 2) return null
  const rank = inputs[0].shape.length
  const last = axis < 0 ? axis + rank : axis
  if (rank === 0 || last !== rank - 1) return null
  let width = 0
  for (const t of inputs) {
    if (t.dtype !== 'float32' || t.shape.length !== rank) return null
    for (let d = 0; d < rank - 1; d++) if (t.shape[d] !== inputs[0].shape[d]) return null
    const w = t.shape[rank - 1]
    if (!(w > 0) || w > NARROW) return null
    width += w
  }
  if (inputs[0].shape.slice(0, -1).some((d) => !(d > 0))) return null
  return [...inputs[0].shape.slice(0, -1), width]
}

/** tfjs's own Concat of each registry this module replaced it in (tests run both on the same photo). */
const replaced = new WeakMap<KernelRegistry, KernelConfig>()

/** tfjs's own wasm Concat where `useNarrowLastAxisConcat` replaced it, else undefined. */
export function tfjsOwnConcat(tf: KernelRegistry): KernelConfig | undefined {
  return replaced.get(tf)
}

/**
 * Replaces the wasm backend's Concat with one that takes narrow last-axis joins itself and hands
 * every other to tfjs's own (kept: `tfjsOwnConcat`, so tests and the bench can compare the two).
 */
export function useNarrowLastAxisConcat(tf: KernelRegistry): void {
  const own = tf.getKernel('Concat', 'wasm')
  if (!own) throw new Error('tfjs wasm backend has no Concat kernel to speed up')
  tf.unregisterKernel('Concat', 'wasm')
  replaced.set(tf, own)
  tf.registerKernel({
    ...own,
    kernelFunc(args) {
      const axis = Array.isArray(args.attrs.axis) ? args.attrs.axis[0] : args.attrs.axis
      const shape = lastAxisConcatShape(args.inputs, axis)
      if (!shape) return own.kernelFunc(args)
      const { backend, inputs } = args
      // the output first: making it may grow the wasm memory, which detaches views taken before
      const out = backend.makeOutput(shape, 'float32')
      const outValues = backend.typedArrayFromHeap(out)
      const rows = outValues.length / shape[shape.length - 1]
      interleaveRows(
        inputs.map((t) => backend.typedArrayFromHeap(t)),
        inputs.map((t) => t.shape[t.shape.length - 1]),
        rows,
        outValues,
      )
      return out
    },
  })
}
