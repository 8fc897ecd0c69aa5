import type { Context } from 'hono'
import type { AppEnv } from '../../server/app-env.ts'
import { maskNumber, type ShapeEntry, type ShapeScope } from '../shapes.ts'
import type { ColumnInfo } from './columns.ts'
import { cacheControl, mustRefetch } from './protocol.ts'

/** The protocol parameters a client may pass through; everything else is set by the server (§5.1). */
const PASS_THROUGH = ['live', 'live_sse', 'experimental_live_sse', 'handle', 'offset', 'cursor', 'expired_handle', 'log', 'cache-buster']
const KEEP_HEADERS = /^(electric-|cache-control$|etag$|retry-after$|content-type$)/

/**
 * Proxy mode (ELECTRIC_URL): forwards a shape request to a real Electric with the table, columns and
 * tenant where clause decided here, and masks the columns Electric cannot compute.
 */
export async function proxyShape(
  c: Context<AppEnv>,
  upstream: string,
  secret: string | undefined,
  entry: ShapeEntry,
  scope: ShapeScope,
  columns: ColumnInfo[],
): Promise<Response> {
  const url = new URL(upstream)
  for (const k of PASS_THROUGH) {
    const v = c.req.query(k)
    if (v !== undefined) url.searchParams.set(k, v)
  }
  url.searchParams.set('table', entry.table)
  url.searchParams.set('where', entry.where(scope))
  url.searchParams.set('columns', columns.map((col) => `"${col.name.replace(/"/g, '""')}"`).join(','))
  if (secret) url.searchParams.set('secret', secret)
  url.searchParams.sort()
  const headers: Record<string, string> = {}
  const inm = c.req.header('if-none-match')
  if (inm) headers['if-none-match'] = inm
  let res: Response
  try {
    res = await fetch(url, { headers, signal: c.req.raw.signal })
  } catch (err) {
    // The client went away (its request aborted ours), or Electric is unreachable: a 503 is retried.
    if ((err as Error).name === 'AbortError') return new Response(null, { status: 499 })
    return Response.json({ error: 'ERR_PROVIDER_UNAVAILABLE', message: 'Upstream unavailable' }, { status: 503, headers: { 'retry-after': '2' } })
  }
  const out = new Headers()
  res.headers.forEach((v, k) => {
    // Electric says public; the rows are one company's.
    if (KEEP_HEADERS.test(k)) out.set(k, k === 'cache-control' ? v.replace(/\bpublic\b/, 'private') : v)
  })
  out.set('vary', 'Authorization')
  out.set('access-control-expose-headers', 'electric-cursor,electric-handle,electric-has-data,electric-offset,electric-schema,electric-up-to-date,retry-after')
  const masks = entry.masked?.(scope) ?? {}
  const json = (res.headers.get('content-type') ?? 'application/json').includes('json')
  if ((!Object.keys(masks).length && !entry.parent) || res.status !== 200 || !json) return new Response(res.body, { status: res.status, headers: out })
  const body = (await res.json()) as { value?: Record<string, string | null>; headers?: { event?: string } }[]
  if (entry.parent && body.some((m) => m.headers?.event === 'move-in' || m.headers?.event === 'move-out')) {
    // pglite-sync 0.6.1 drops move-in rows (no lsn) and ignores move-out events: refetching the shape is
    // the way its database ends up holding what the user may see (docs/decisions.md "Moves in proxy mode").
    out.set('cache-control', cacheControl.mustRefetch)
    return new Response(JSON.stringify(mustRefetch), { status: 409, headers: out })
  }
  for (const m of body) {
    if (!m.value) continue
    for (const [col, mask] of Object.entries(masks)) if (typeof m.value[col] === 'string') m.value[col] = mask.value(m.value[col] as string)
  }
  return new Response(JSON.stringify(body), { status: 200, headers: out })
}

/** The number mask as proxy mode applies it to Electric's values. */
export const maskText = maskNumber.value
