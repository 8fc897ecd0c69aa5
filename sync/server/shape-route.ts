import { hidesNumbers } from '../../server/domain/contacts/contact-view.ts'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../server/app-env.ts'
import { verifyAccessToken } from '../../server/auth/tokens.ts'
import { withTenant } from '../../server/db/tenant.ts'
import { AppError } from '../../server/domain/app-error.ts'
import { isSubscriptionExpired, loadAuthContext } from '../../server/domain/auth/auth-context.ts'
import { can } from '../../server/domain/permissions.ts'
import { findShape, type ShapeEntry, type ShapeScope } from '../shapes.ts'
import { ident, schemaHeader, shapeColumns, tableColumns, type ColumnInfo } from './columns.ts'
import { proxyShape } from './proxy.ts'
import { definitionHash, findHandle, newHandle, type HandleRow } from './handles.ts'
import { readLog } from './log-reader.ts'
import { logMessages, type ChangeMessage } from './messages.ts'
import { cacheControl, exposeHeaders, formatOffset, invalidRequest, mustRefetch, nextCursor, parseOffset, upToDate, type Offset } from './protocol.ts'
import { positionSnapshot, takeSnapshot } from './snapshot.ts'
import { streamSnapshot } from './snapshot-stream.ts'

/** How long a live request is held before answering up-to-date (Electric: 20 s; client watchdog 45 s). */
export const LONG_POLL_MS = 20_000

/**
 * A client long-polling over plain HTTP (socket-fetch's fallback) asks for a shorter hold so that its
 * tables take turns on few connections; never longer than LONG_POLL_MS.
 */
export function liveHoldMs(header: string | undefined): number {
  const asked = header === undefined ? NaN : Number(header)
  return Number.isFinite(asked) ? Math.min(LONG_POLL_MS, Math.max(0, Math.floor(asked))) : LONG_POLL_MS
}

interface Resolved {
  entry: ShapeEntry
  scope: ShapeScope
  columns: ColumnInfo[]
  defHash: string
  /** The log head before the scope was read: a scope change positioned after it may not be in `scope`. */
  seenAt: bigint
}

/** The acting user as a shape scope, from the bearer token only (never from the query string). */
async function resolveScope(c: Context<AppEnv>, entry: ShapeEntry): Promise<Resolved> {
  const { db, keys, now, sync } = c.get('services')
  const seenAt = sync.notifier.head
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  if (!bearer) throw new AppError('ERR_SESSION_EXPIRED', 'Missing bearer token')
  const claims = await verifyAccessToken(keys, bearer, now())
  const { auth, hideNumbers, columns } = await withTenant(db, { companyId: claims.companyId, userId: claims.id }, async (tx) => {
    const auth = await loadAuthContext(tx, claims.id, claims.sid)
    return { auth, hideNumbers: await hidesNumbers(tx, auth), columns: await shapeColumns(tx, entry) }
  })
  if (!auth.company.status && !auth.user.super) throw new AppError('ERR_COMPANY_INACTIVE')
  if (isSubscriptionExpired(auth.company, now())) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 'Subscription expired')
  const isAdmin = can(auth, 'admin')
  const scope: ShapeScope = {
    companyId: auth.user.companyId,
    userId: auth.user.id,
    isAdmin,
    isSuper: auth.user.super,
    seesNoQueue: can(auth, 'tickets:noQueue'),
    seesGroups: auth.user.allowGroup,
    queueIds: auth.user.queueIds,
    maskNumbers: hideNumbers,
    managesConnections: can(auth, 'connections:view'),
  }
  const masked = Object.keys(entry.masked?.(scope) ?? {}).sort()
  const defHash = definitionHash({ table: entry.table, where: entry.where(scope), columns: columns.map((c) => c.name), masked })
  return { entry, scope, columns, defHash, seenAt }
}

/**
 * An Electric-style request from a trusted caller (SHAPE_UPSTREAM_SECRET): table, where and columns as
 * given, no tenant scope. This is how the built-in server stands in for Electric behind a proxy.
 */
async function resolveRaw(c: Context<AppEnv>, base: ShapeEntry, where?: string, columnsParam?: string): Promise<Resolved | null> {
  const { db } = c.get('services')
  const all = await tableColumns(db.sql, base.table)
  const wanted = columnsParam ? columnsParam.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((x) => x.trim().replace(/^"(.*)"$/, '$1').replace(/""/g, '"')) : null
  const columns = wanted ? all.filter((col) => wanted.includes(col.name)) : all
  const clause = where?.trim() || 'true'
  try {
    await db.sql.unsafe(`select 1 from public.${ident(base.table)} where ${clause} limit 0`)
  } catch {
    return null
  }
  const entry: ShapeEntry = { ...base, exclude: all.filter((col) => !columns.includes(col)).map((col) => col.name), masked: undefined, where: () => clause, companyColumn: null }
  const scope: ShapeScope = { companyId: 0, userId: 0, isAdmin: true, isSuper: true, seesNoQueue: true, seesGroups: true, queueIds: [], maskNumbers: false, managesConnections: true }
  return { entry, scope, columns, defHash: definitionHash({ raw: true, table: base.table, where: clause, columns: columns.map((col) => col.name) }), seenAt: 0n }
}

function baseHeaders(c: Context<AppEnv>, handle: string, offset: string) {
  c.header('electric-handle', handle)
  c.header('electric-offset', offset)
  c.header('access-control-expose-headers', exposeHeaders)
  c.header('vary', 'Authorization')
}

function refetch(c: Context<AppEnv>, defHash: string) {
  // A fresh handle name, as Electric sends; the client's next request is offset=-1, which makes the real one.
  c.header('electric-handle', newHandle(defHash, Date.now()))
  c.header('cache-control', cacheControl.mustRefetch)
  c.header('access-control-expose-headers', exposeHeaders)
  return c.json(mustRefetch, 409)
}

function bad(c: Context<AppEnv>, field: string, message: string) {
  c.header('cache-control', cacheControl.error)
  return c.json(invalidRequest(field, message), 400)
}

/**
 * The response for log entries after `after`, held up to LONG_POLL_MS when live and nothing is new. A
 * held request of a user whose scope changed meanwhile answers must-refetch (`rescope` gives the new one).
 */
async function serveLog(
  c: Context<AppEnv>,
  resolved: Resolved,
  handle: HandleRow,
  after: { seq: bigint; op: number },
  reqOffset: string,
  live: boolean,
  rescope: (() => Promise<Resolved>) | null,
) {
  const { db, sync } = c.get('services')
  const deadline = Date.now() + liveHoldMs(c.req.header('x-live-hold-ms'))
  let r = resolved
  for (;;) {
    if (sync.stopped) {
      // Shutting down: the client retries 503s with backoff, on this instance or another.
      c.header('retry-after', '1')
      return c.json({ error: 'ERR_SHUTTING_DOWN', message: 'Server shutting down' }, 503)
    }
    const head = sync.notifier.head
    const read = await readLog(db.sql, r.entry, r.scope, r.columns, after, head < after.seq ? after.seq : head, handle.snapshotXids)
    const messages: (ChangeMessage | ReturnType<typeof upToDate>)[] = logMessages(r.entry, read.entries)
    const end = read.upTo > after.seq ? formatOffset({ kind: 'log', seq: read.upTo, op: Infinity }) : reqOffset
    const remaining = deadline - Date.now()
    if (live && messages.length === 0 && read.complete && remaining > 0 && !c.req.raw.signal.aborted) {
      if (rescope && sync.notifier.scopeChangedSince(r.scope.companyId, r.scope.userId, r.seenAt)) {
        const now = await rescope()
        if (now.defHash !== r.defHash) return refetch(c, now.defHash)
        r = { ...r, seenAt: now.seenAt }
        continue
      }
      // A change positioned while we read is not waited for: read again.
      if (sync.notifier.head > head) continue
      await sync.notifier.wait(r.entry.companyColumn ? r.scope.companyId : null, r.entry.table, remaining, c.req.raw.signal, rescope ? r.scope.userId : null)
      continue
    }
    if (read.complete) messages.push(upToDate(read.upTo > head ? read.upTo : head))
    baseHeaders(c, handle.handle, end)
    c.header('etag', `"${handle.handle}:${reqOffset}:${end}${messages.length === 1 && live ? `:${Date.now()}` : ''}"`)
    if (read.complete) c.header('electric-up-to-date', '')
    if (live) {
      c.header('electric-cursor', nextCursor(c.req.query('cursor'), Date.now()))
      c.header('cache-control', cacheControl.live)
    } else {
      c.header('electric-schema', schemaHeader(r.columns, r.scope, r.entry))
      c.header('cache-control', cacheControl.catchUp)
    }
    return c.json(messages)
  }
}

/**
 * GET /v1/shape: the Electric HTTP shape protocol, so @electric-sql/client and pglite-sync consume it
 * unchanged. The client names a table; rows, columns and masks come from sync/shapes.ts and the token.
 */
export const shapeRoute = new Hono<AppEnv>().get('/', async (c) => {
  const q = c.req.query()
  const table = q.table
  if (!table) return bad(c, 'table', "can't be blank")
  const entry = findShape(table)
  if (!entry) return bad(c, 'table', `Table ${table} does not exist or is not synced.`)
  const offset = parseOffset(q.offset)
  if (!offset) return bad(c, 'offset', q.offset === undefined ? "can't be blank" : 'has invalid format')
  const live = q.live !== undefined && q.live !== 'false'
  if (live && (offset.kind === 'start' || offset.kind === 'now')) return bad(c, 'live', "can't be true when offset == -1")
  if ((offset.kind === 'snapshot' || offset.kind === 'log') && !q.handle) return bad(c, 'handle', "can't be blank when offset != -1")

  const { db, now, config, sync } = c.get('services')
  const upstreamCall = Boolean(config.SHAPE_UPSTREAM_SECRET) && q.secret === config.SHAPE_UPSTREAM_SECRET
  const r = upstreamCall ? await resolveRaw(c, entry, q.where, q.columns) : await resolveScope(c, entry)
  if (!r) return bad(c, 'where', 'invalid where clause or columns')
  if (!upstreamCall && config.ELECTRIC_URL) return proxyShape(c, config.ELECTRIC_URL, config.ELECTRIC_SECRET, entry, r.scope, r.columns)
  const streamed = offset.kind === 'start' ? await streamSnapshot(db.sql, r.entry, r.scope, r.columns, r.defHash, { nowMs: now().getTime(), sequence: () => sync.runOnce() }) : null
  if (streamed) return snapshotAnswer(c, r, streamed.handle, streamed.body)
  if (offset.kind === 'start' || offset.kind === 'now') {
    const snap = await takeSnapshot(db.sql, r.entry, r.scope, r.columns, r.defHash, { withRows: offset.kind === 'start', nowMs: now().getTime() })
    if (offset.kind === 'now') {
      const end = formatOffset({ kind: 'log', seq: snap.seq, op: Infinity })
      baseHeaders(c, snap.handle, end)
      c.header('electric-schema', schemaHeader(r.columns, r.scope, r.entry))
      c.header('electric-up-to-date', '')
      c.header('cache-control', cacheControl.catchUp)
      return c.json([upToDate(snap.seq)])
    }
    return snapshotAnswer(c, r, snap.handle, `[${await positionSnapshot(db.sql, snap, () => sync.runOnce())}]`)
  }

  const handle = await findHandle(db.sql, q.handle!)
  if (!handle || handle.defHash !== r.defHash || handle.relation !== r.entry.table) return refetch(c, r.defHash)
  const [{ floor }] = await db.sql<{ floor: string }[]>`select floor::text from sync_clock where id = 1`
  const after = offsetAfter(offset, handle)
  if (after.seq < BigInt(floor)) return refetch(c, r.defHash)
  return serveLog(c, r, handle, after, q.offset!, live, upstreamCall ? null : () => resolveScope(c, entry))
})

/** The snapshot as one chunk; `-1` never ends up-to-date, so the client always asks once more. */
function snapshotAnswer(c: Context<AppEnv>, r: Resolved, handle: string, body: string | ReadableStream<Uint8Array>) {
  baseHeaders(c, handle, formatOffset({ kind: 'snapshot', chunk: 0 }))
  c.header('electric-schema', schemaHeader(r.columns, r.scope, r.entry))
  c.header('cache-control', cacheControl.initial)
  c.header('etag', `"${handle}:-1:0_0"`)
  c.header('content-type', 'application/json')
  return c.body(body)
}

/** Snapshot offsets resume at the snapshot's log position; log offsets at themselves. */
function offsetAfter(offset: Offset, handle: HandleRow): { seq: bigint; op: number } {
  if (offset.kind === 'log') return { seq: offset.seq < handle.snapshotSeq ? handle.snapshotSeq : offset.seq, op: offset.seq < handle.snapshotSeq ? Infinity : offset.op }
  return { seq: handle.snapshotSeq, op: Infinity }
}
