// What a heap snapshot (bench/heap-peak-probe.mjs, or any .heapsnapshot) holds, by what holds it:
// the self size summed per kind of object (strings together, objects by constructor), then the
// largest single objects with a chain of what retains each (the first retainer at every step,
// V8's internal links skipped where another one exists: enough to name the owner, not a
// dominator tree).
//   node --max-old-space-size=4000 bench/heap-snapshot-summary.mjs <file.heapsnapshot> [largest=10]
import { readFileSync } from 'node:fs'

const [file, largestArg] = process.argv.slice(2)
if (!file) {
  console.error('usage: node bench/heap-snapshot-summary.mjs <file.heapsnapshot> [largest=10]')
  process.exit(2)
}
const snap = JSON.parse(readFileSync(file, 'utf8'))
const meta = snap.snapshot.meta
const nf = meta.node_fields.length
const ef = meta.edge_fields.length
const nodeTypes = meta.node_types[0]
const edgeTypes = meta.edge_types[0]
const [T, N, S, EC] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f))
const [ET, EN, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f))
const nodes = snap.nodes
const count = nodes.length / nf
const type = (i) => nodeTypes[nodes[i * nf + T]]
const name = (i) => snap.strings[nodes[i * nf + N]]
const size = (i) => nodes[i * nf + S]
const isString = (i) => /string$/.test(type(i))

const by = new Map()
let total = 0
for (let i = 0; i < count; i++) {
  const key = isString(i) ? `(${type(i)})` : `${type(i)}: ${name(i).slice(0, 60)}`
  const e = by.get(key) ?? { n: 0, bytes: 0 }
  e.n++
  e.bytes += size(i)
  by.set(key, e)
  total += size(i)
}
const mb = (b) => (b / 1048576).toFixed(1).padStart(7) + ' MB'
console.log(`${file}: ${count.toLocaleString('en')} objects, ${mb(total).trim()} in all (self sizes)`)
for (const [key, e] of [...by].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 15)) console.log(`${mb(e.bytes)} ${String(e.n).padStart(9)}  ${key}`)

// retainers: for each object, the edges pointing at it
const retainedBy = Array.from({ length: count }, () => null)
for (let i = 0, e = 0; i < count; i++) {
  for (const end = e + nodes[i * nf + EC] * ef; e < end; e += ef) {
    const to = snap.edges[e + ETO] / nf
    ;(retainedBy[to] ??= []).push([i, e])
  }
}
const edgeName = (e) => {
  const t = edgeTypes[snap.edges[e + ET]]
  const v = snap.edges[e + EN]
  return t === 'element' || t === 'hidden' ? `[${v}]` : snap.strings[v]
}
const label = (i) => (isString(i) ? `(${type(i)}) ${JSON.stringify(name(i).slice(0, 40))}` : `${type(i)} ${name(i).slice(0, 50)}`)
const largest = [...Array(count).keys()].sort((a, b) => size(b) - size(a)).slice(0, Number(largestArg ?? 10))
console.log('\nlargest objects, each with what retains it:')
for (const i of largest) {
  const chain = []
  for (let at = i, depth = 0; depth < 6; depth++) {
    const rs = retainedBy[at] ?? []
    const r = rs.find(([p]) => type(p) !== 'hidden' && type(p) !== 'synthetic') ?? rs[0]
    if (!r) break
    chain.push(`.${edgeName(r[1])} of ${label(r[0])}`)
    at = r[0]
  }
  console.log(`${mb(size(i))}  ${label(i)}\n           ${chain.join('\n           ')}`)
}
