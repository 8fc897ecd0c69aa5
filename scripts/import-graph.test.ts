import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { CHECKED_FOLDERS, importCircles, layoutViolations, readImportGraph, type ImportGraph } from './import-graph.ts'

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges))
const F = 'client/src/features'

describe('import circles', () => {
  test('finds files that import each other through a chain, and leaves a plain tree alone', () => {
    const graph = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [], 'e.ts': ['d.ts'] })
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
    expect(importCircles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([])
  })

  test('the repository has none, type-only imports included', () => {
    const graph = readImportGraph(join(import.meta.dir, '..'), CHECKED_FOLDERS)
    expect(graph.size).toBeGreaterThan(500)
    expect(importCircles(graph)).toEqual([])
  })
})

describe('PWA layout', () => {
  test("a feature reaches another feature only through its index.ts, and never the shell", () => {
    const graph = graphOf({
      [`${F}/tickets/contact-drawer.tsx`]: [`${F}/contacts/index.ts`, `${F}/contacts/contact-dialog.tsx`, `${F}/tickets/tickets.ts`, 'client/src/ui/modal.tsx'],
      [`${F}/users/users-page.tsx`]: ['client/src/app/menu.ts', 'client/src/lib/api.ts'],
    })
    expect(layoutViolations(graph)).toEqual([
      `${F}/tickets/contact-drawer.tsx -> ${F}/contacts/contact-dialog.tsx`,
      `${F}/users/users-page.tsx -> client/src/app/menu.ts`,
    ])
  })

  test('the shared layers import no feature and not the shell; the shell uses features through index.ts', () => {
    const graph = graphOf({
      'client/src/ui/modal.tsx': [`${F}/tickets/index.ts`, 'client/src/lib/api.ts'],
      'client/src/lib/api.ts': ['client/src/app/routes.tsx', 'client/src/state/auth.ts'],
      'client/src/app/routes.tsx': [`${F}/tickets/index.ts`, `${F}/tickets/tickets-page.tsx`],
    })
    expect(layoutViolations(graph)).toEqual([
      `client/src/app/routes.tsx -> ${F}/tickets/tickets-page.tsx`,
      'client/src/lib/api.ts -> client/src/app/routes.tsx',
      `client/src/ui/modal.tsx -> ${F}/tickets/index.ts`,
    ])
  })

  test('the PWA keeps them', () => {
    const graph = readImportGraph(join(import.meta.dir, '..'), ['client'])
    expect([...graph.keys()].some((f) => f.startsWith(`${F}/`))).toBe(true)
    expect(layoutViolations(graph)).toEqual([])
  })
})
