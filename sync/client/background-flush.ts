import { timing } from './timings.ts'

/** Every file and folder under a data directory, by path, with its modification time (ms). */
export type FileTimes = Map<string, number>

/**
 * The IndexedDB database flushes in the background (docs/decisions.md "Offline start": queries must not
 * wait behind flushes that walk every file), yet "up to date" must mean "on this device": a reload right
 * after the first sync, offline, found an empty database because the first flush (every file of a new
 * database) was still running. syncToFs() here asks for a flush and returns at once; flushes run one at a
 * time, a request during one makes one more after it, and `settled()` resolves once none is due.
 *
 * With `files`, a flush whose data directory has not changed since the one before it began is skipped:
 * PGlite asks for one after every query, reads included, and IndexedDB's flush reads back the key of
 * every stored file before it knows there is nothing to store (20-40 ms of the worker's thread at
 * 100,000 messages, in front of the next chat's queries). A failed flush is never counted as stored.
 */
export function flushInBackground(
  pg: { syncToFs(): Promise<void> },
  onError: (err: unknown) => void = () => {},
  files?: () => FileTimes | null,
): { settled(): Promise<void> } {
  const flush = pg.syncToFs.bind(pg)
  let running: Promise<void> | null = null
  let again = false
  // The files as they were just before the last flush that succeeded began.
  let stored: FileTimes | null = null
  const probe = () => {
    let now: FileTimes | null = null
    try {
      now = files?.() ?? null
    } catch {
      // Unreadable: flush, as without a probe.
    }
    return { now, due: !now || !stored || !sameFiles(now, stored) }
  }
  const loop = async () => {
    // A loop that skips every flush awaits nothing: without this it would end before `running` is set,
    // and `running` would then stay set, swallowing every later request.
    await null
    try {
      do {
        again = false
        const { now, due } = probe()
        if (!due) continue
        timing('flush:start')
        try {
          await flush()
          stored = now
        } catch (err) {
          stored = null
          onError(err)
        }
        timing('flush:end')
      } while (again)
    } finally {
      running = null
    }
  }
  pg.syncToFs = () => {
    if (running) again = true
    else running = loop()
    return Promise.resolve()
  }
  return { settled: () => running ?? Promise.resolve() }
}

function sameFiles(a: FileTimes, b: FileTimes): boolean {
  if (a.size !== b.size) return false
  for (const [path, time] of a) if (b.get(path) !== time) return false
  return true
}

/** What fileTimes reads of Emscripten's FS (PGlite's `Module.FS`): its in-memory nodes, as IDBFS does. */
interface EmscriptenFs {
  lookupPath(path: string): { node: FsNode }
  isDir(mode: number): boolean
}
interface FsNode {
  mode: number
  mtime?: unknown
  contents?: unknown
}

/**
 * The modification times IDBFS compares (every file and folder under `root`), read from the in-memory
 * nodes: ~0.5 ms for the ~1,000 files of a database, against ~5 ms through a stat of each path. Null when
 * the directory cannot be read that way (another FS, an Emscripten that keeps times elsewhere): then every
 * flush runs, as before.
 */
export function fileTimes(fs: EmscriptenFs, root: string): () => FileTimes | null {
  return () => {
    let top: FsNode
    try {
      top = fs.lookupPath(root).node
    } catch {
      return null
    }
    const out: FileTimes = new Map()
    const stack: [string, FsNode][] = [[root, top]]
    while (stack.length) {
      const [path, dir] = stack.pop() as [string, FsNode]
      if (!dir.contents || typeof dir.contents !== 'object') return null
      for (const [name, node] of Object.entries(dir.contents as Record<string, FsNode>)) {
        if (typeof node.mtime !== 'number') return null
        const child = `${path}/${name}`
        out.set(child, node.mtime)
        if (fs.isDir(node.mode)) stack.push([child, node])
      }
    }
    return out
  }
}
