/**
 * Deque's axe-core run inside the page (the npm package's own build, injected as a script),
 * with every rule it runs by default: WCAG A/AA and the best practices (landmarks, heading order).
 */
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: any[] }> } }).axe
    const r = await axe.run(document, { resultTypes: ['violations'] })
    return r.violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      nodes: (v.nodes as Array<{ target: string[]; failureSummary?: string }>).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`.trim()),
    }))
  })
}

/** "color-contrast (serious): … — 3 node(s): a, b, c" per violation, for a readable failure. */
export function describeViolations(vs: AxeViolation[]): string {
  return vs.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s): ${v.nodes.slice(0, 6).join(' | ')}`).join('\n')
}
