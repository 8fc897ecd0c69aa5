import { existsSync, readdirSync } from 'node:fs'
import { withSystem } from '../../server/db/tenant.ts'
import type { TestEnv } from '../env.ts'

/** Shared by the fuzz suites: the app's own route table, database and media snapshots, request helpers. */

export interface MountedRoute {
  method: string
  /** As mounted, e.g. /contacts/:contactId/wallet */
  path: string
  /** Its path parameters in order, e.g. ['contactId'] */
  params: string[]
}

const PARAM = /:(\w+)(\{[^}]*\})?/g

/**
 * Every route the app mounts, read from the app itself: middleware (method ALL, wildcard paths) left
 * out, one entry per method and path (a route's guard and its handler are separate entries).
 */
export function mountedRoutes(env: TestEnv): MountedRoute[] {
  const out = new Map<string, MountedRoute>()
  for (const r of env.app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue
    const path = r.path.length > 1 ? r.path.replace(/\/+$/, '') : r.path
    const key = `${r.method} ${path}`
    if (!out.has(key)) out.set(key, { method: r.method, path, params: [...path.matchAll(PARAM)].map((m) => m[1]) })
  }
  return [...out.values()]
}

/** The path with each parameter replaced by its value (taken as is: odd values arrive already encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(PARAM, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name} in ${path}`)
    return values[name]
  })
}

export const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method)

/**
 * Tables left out of the "nothing written" comparison: the change log and its clock are written by the
 * sync sequencer after every commit, asynchronously (so a write shows up during a later request), and
 * sync_handles is written by any GET /v1/shape. A write to a real table is still seen in that table.
 */
export const BOOKKEEPING_TABLES = new Set(['sync_log', 'sync_clock', 'sync_handles'])

const tableCache = new WeakMap<TestEnv, string[]>()

export async function publicTables(env: TestEnv): Promise<string[]> {
  const cached = tableCache.get(env)
  if (cached) return cached
  const rows = await withSystem(env.services.db, (tx) => tx<{ t: string }[]>`select tablename as t from pg_tables where schemaname = 'public' order by 1`)
  const tables = rows.map((r) => r.t).filter((t) => !BOOKKEEPING_TABLES.has(t))
  tableCache.set(env, tables)
  return tables
}

/** Per table, "count:md5 of every row": a changed row shows as well as an added or removed one. */
export type DbState = Record<string, string>

export async function dbState(env: TestEnv, where?: (table: string) => string | null): Promise<DbState> {
  const tables = await publicTables(env)
  const parts: string[] = []
  for (const t of tables) {
    const cond = where ? where(t) : 'true'
    if (cond === null) continue
    parts.push(`select '${t}' as t, count(*)::int || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as s from public."${t}" x where ${cond}`)
  }
  const rows = await withSystem(env.services.db, (tx) => tx.unsafe<{ t: string; s: string }[]>(parts.join(' union all ')))
  return Object.fromEntries(rows.map((r) => [r.t, r.s]))
}

/** "table: 3 → 4 rows" or "table: rows changed" for each table that differs. */
export function diffState(before: DbState, after: DbState): string[] {
  const out: string[] = []
  for (const t of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[t] === after[t]) continue
    const [n0] = (before[t] ?? '0:').split(':')
    const [n1] = (after[t] ?? '0:').split(':')
    out.push(n0 === n1 ? `${t}: rows changed` : `${t}: ${n0} → ${n1} rows`)
  }
  return out
}

/** Tables with a company_id column (and companies itself): one company's rows, for before/after checks. */
export async function companyRowFilter(env: TestEnv, companyId: number): Promise<(table: string) => string | null> {
  const rows = await withSystem(env.services.db, (tx) =>
    tx<{ t: string }[]>`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`,
  )
  const scoped = new Set(rows.map((r) => r.t))
  const id = Math.trunc(companyId)
  return (t) => (t === 'companies' ? `id = ${id}` : scoped.has(t) ? `company_id = ${id}` : null)
}

/** Every file under the media folder (DATA_DIR/media/<companyId>/...), relative, sorted. */
export function mediaFiles(env: TestEnv): string[] {
  const root = env.services.media.root
  if (!existsSync(root)) return []
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => `${d.parentPath.slice(root.length)}/${d.name}`)
    .sort()
}

export interface RawAnswer {
  status: number
  contentType: string
  text: string
  json: unknown
}

/** One request with a raw body, read as text and, when it says JSON, parsed (undefined if it is not). */
export async function send(env: TestEnv, method: string, path: string, opts: { token?: string; body?: BodyInit; contentType?: string } = {}): Promise<RawAnswer> {
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.contentType) headers['content-type'] = opts.contentType
  const res = await env.app.request(path, { method, headers, body: opts.body })
  const contentType = res.headers.get('content-type') ?? ''
  const text = await res.text()
  let json: unknown
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
  }
  return { status: res.status, contentType, text, json }
}

/** A response body cut short for a finding. */
export const excerpt = (text: string, max = 240) => {
  const t = text.replace(/\s+/g, ' ')
  return t.length > max ? `${t.slice(0, max)}…` : t
}

/** The body of an error answer holds a string `error` and a string `message`. */
export function hasErrorShape(json: unknown): boolean {
  const o = json as { error?: unknown; message?: unknown } | null
  return !!o && typeof o === 'object' && typeof o.error === 'string' && typeof o.message === 'string'
}

/** A multipart body built by hand, so the file name can carry bytes FormData would not pass through. */
export function multipart(files: { field: string; name: string; type: string; bytes: Uint8Array }[], fields: Record<string, string> = {}) {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'
  const enc = new TextEncoder()
  const chunks: Uint8Array[] = []
  for (const f of files) {
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, enc.encode('\r\n'))
  }
  for (const [k, v] of Object.entries(fields)) chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  chunks.push(enc.encode(`--${boundary}--\r\n`))
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    body.set(c, at)
    at += c.length
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * Rows that point at another company's row: for every single-column foreign key between two tables that
 * both carry company_id, "table.column → referenced: n rows" where the two company_ids differ.
 */
export async function crossCompanyReferences(env: TestEnv): Promise<string[]> {
  return withSystem(env.services.db, async (tx) => {
    const fks = await tx<{ t: string; c: string; r: string; rc: string }[]>`
      select c.conrelid::regclass::text as t, a.attname as c, c.confrelid::regclass::text as r, af.attname as rc
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
       where c.contype = 'f' and array_length(c.conkey, 1) = 1 and c.connamespace = 'public'::regnamespace
         and exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'company_id' and not x.attisdropped)
         and exists (select 1 from pg_attribute x where x.attrelid = c.confrelid and x.attname = 'company_id' and not x.attisdropped)
         and a.attname <> 'company_id'`
    const out: string[] = []
    for (const fk of fks) {
      const [{ n }] = await tx.unsafe<{ n: number }[]>(
        `select count(*)::int as n from ${fk.t} x join ${fk.r} y on x."${fk.c}" = y."${fk.rc}" where x.company_id <> y.company_id`,
      )
      if (n) out.push(`${fk.t}.${fk.c} → ${fk.r}: ${n} row(s) of another company`)
    }
    return out
  })
}
