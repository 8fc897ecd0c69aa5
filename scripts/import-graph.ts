// The repository's import graph, read from the source text: the import circles anywhere in the code and the
// PWA's layout rules (README "Layout"). `bun scripts/import-graph.ts` prints what breaks them and exits 1.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export type ImportGraph = Map<string, string[]>

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/
const SKIP = new Set(['node_modules', 'dist', 'data'])
// Static imports and re-exports (type-only ones too: they tie the files as much for a reader), side-effect
// imports, dynamic import() and new URL(…) worker entries.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew URL\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, out)
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const path = resolve(dirname(from), specifier.replace(/\?.*$/, ''))
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** File → the files it imports, as repository-relative paths, for the given top-level folders. */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of folders.flatMap((f) => (existsSync(join(root, f)) ? sourceFiles(join(root, f)) : []))) {
    const targets = new Set<string>()
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveSpecifier(file, m[2])
      if (target && SOURCE.test(target)) targets.add(relative(root, target))
    }
    graph.set(relative(root, file), [...targets])
  }
  return graph
}

/** Every group of files that reach each other through imports (Tarjan's strongly connected components). */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const group: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      group.push(w)
    } while (w !== v)
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(group.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return circles
}

const CLIENT = 'client/src/'

/** Where a PWA file sits: a feature's folder, or one of the shared layers. */
function placeOf(path: string): { layer: string; feature?: string } | null {
  if (!path.startsWith(CLIENT)) return null
  const [layer, feature] = path.slice(CLIENT.length).split('/')
  return layer === 'features' ? { layer, feature } : { layer }
}

// What each shared layer may import besides itself. A feature may import these and other features' index.ts.
const SHARED_LAYERS: Record<string, string[]> = {
  ui: ['lib', 'state', 'i18n'],
  lib: ['state', 'i18n'],
  state: ['lib', 'i18n'],
  i18n: ['lib', 'state'],
}

/**
 * The PWA's layout rules broken by an import: a feature reaches into another feature's files instead of its
 * index.ts, a shared layer (ui, lib, state, i18n) imports a feature or the shell, a feature imports the shell.
 */
export function layoutViolations(graph: ImportGraph): string[] {
  const found: string[] = []
  for (const [file, targets] of graph) {
    const from = placeOf(file)
    if (!from) continue
    for (const target of targets) {
      const to = placeOf(target)
      if (!to || to.layer === from.layer && to.feature === from.feature) continue
      const publicFace = to.layer === 'features' && /^index\.tsx?$/.test(target.split('/').pop()!)
      const allowed =
        from.layer === 'app' ? to.layer !== 'features' || publicFace
        : from.layer === 'features' ? (to.layer === 'features' ? publicFace : to.layer !== 'app')
        : (SHARED_LAYERS[from.layer]?.includes(to.layer) ?? true)
      if (!allowed) found.push(`${file} -> ${target}`)
    }
  }
  return found.sort()
}

export const CHECKED_FOLDERS = ['server', 'workers', 'sync', 'client', 'e2e', 'test', 'bench', 'scripts']

if (import.meta.main) {
  const root = join(import.meta.dir, '..')
  const graph = readImportGraph(root, CHECKED_FOLDERS)
  const circles = importCircles(graph)
  const violations = layoutViolations(graph)
  for (const c of circles) console.log(`import circle: ${c.join(' <-> ')}`)
  for (const v of violations) console.log(`layout: ${v}`)
  console.log(`${graph.size} files, ${circles.length} import circles, ${violations.length} layout violations`)
  process.exit(circles.length + violations.length > 0 ? 1 : 0)
}
