/**
 * Where a first start spends its time, for the browser bench (bench/ui.ts): named moments as epoch ms
 * on `globalThis.balcaoTimings` of the worker and of the tab, which the bench reads. Nothing else does.
 */
export function timing(name: string): void {
  const g = globalThis as { balcaoTimings?: [string, number][] }
  const list = (g.balcaoTimings ??= [])
  if (list.length < 200) list.push([name, performance.timeOrigin + performance.now()])
}
