/**
 * A new database's first shape requests, sent while PGlite opens instead of after it.
 *
 * Why: on a new device the worker spends ~1 s opening PGlite from the prebuilt database and only then
 * starts pglite-sync, whose first requests (every table from offset -1) take about as long again on the
 * server and the wire (bench/ui.ts first start: storage open +1.0 s, then shapes +0.9 s). Nothing in
 * those requests depends on the database: a new one has no stored subscription, so each stream's first
 * request is `?log=full&offset=-1&table=<t>`. They go out as soon as the database is known to be new,
 * and the stream's own first request is answered with the response already under way.
 *
 * Only that exact request is answered from here, once per table; any other (a resumed offset, a handle,
 * an expired-handle hint, live) and every later one goes to `inner`. A prefetch that failed is sent
 * again through `inner`, so the stream sees what its own request would have met.
 *
 * @example
 * const first = prefetchFirstShapes(socketFetch ?? fetch, shapeUrl, tables, getToken)
 * startSync(pg, { ..., fetchClient: first.fetch })
 */
import { raceAbort } from './fetch-signals.ts'
import type { FetchLike } from './socket-fetch.ts'

/** A request's URL, parsed once: a URL passed in is used as it is (nothing here changes it). */
const requestUrl = (input: RequestInfo | URL) => (input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url))

/** The URL the Electric client builds for a stream's first request of `table` (its params sorted). */
export function firstShapeUrl(shapeUrl: string, table: string): URL {
  const url = new URL(shapeUrl)
  url.searchParams.set('log', 'full')
  url.searchParams.set('offset', '-1')
  url.searchParams.set('table', table)
  url.searchParams.sort()
  return url
}

/** The table when `input` is exactly a first request (the client's cache-buster aside), else null. */
export function firstRequestTable(input: RequestInfo | URL, shapeUrl: string): string | null {
  const url = requestUrl(input)
  const base = new URL(shapeUrl)
  if (url.origin !== base.origin || url.pathname !== base.pathname) return null
  const params = [...url.searchParams].filter(([k]) => k !== 'cache-buster')
  const table = url.searchParams.get('table')
  if (!table) return null
  const expected = [...firstShapeUrl(shapeUrl, table).searchParams]
  return params.length === expected.length && expected.every(([k, v]) => url.searchParams.getAll(k).length === 1 && url.searchParams.get(k) === v) ? table : null
}

export interface FirstShapes {
  /** The fetch to give the streams: first requests answered from the prefetch, the rest from `inner`. */
  fetch: typeof fetch
  /** Tables whose prefetched answer a stream took (tests, diagnostics). */
  readonly used: ReadonlySet<string>
}

export function prefetchFirstShapes(inner: FetchLike, shapeUrl: string, tables: string[], getToken: () => Promise<string | null>): FirstShapes {
  const waiting = new Map<string, Promise<Response>>()
  const used = new Set<string>()
  const token = getToken().catch(() => null)
  for (const table of tables) {
    const response = token.then((t) => inner(firstShapeUrl(shapeUrl, table), { headers: t ? { Authorization: `Bearer ${t}` } : {} }))
    // Held until a stream asks; a rejection is handled there (sent again), not reported here.
    response.catch(() => {})
    waiting.set(table, response)
  }
  const drop = (table: string) => {
    const stale = waiting.get(table)
    waiting.delete(table)
    void stale?.then((res) => res.body?.cancel()).catch(() => {})
  }
  const wrapped = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = requestUrl(input)
    const table = firstRequestTable(url, shapeUrl)
    const prefetched = table ? waiting.get(table) : undefined
    if (!table || !prefetched) {
      // This table's stream asked something else first (resumed, or told of an expired handle): the
      // prefetched answer would be the wrong one.
      const other = url.searchParams.get('table')
      if (other && waiting.has(other)) drop(other)
      return inner(input, init)
    }
    waiting.delete(table)
    used.add(table)
    const answer = prefetched.catch(() => inner(input, init))
    return raceAbort(answer, init?.signal).catch((err: unknown) => {
      // Aborted before it came: its body is nobody's now.
      void answer.then((res) => res.body?.cancel()).catch(() => {})
      throw err
    })
  }
  return { fetch: wrapped as typeof fetch, used }
}
