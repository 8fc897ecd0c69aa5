import type { Queryable, Sql } from '../../server/db/connect.ts'
import type { ShapeEntry, ShapeScope } from '../shapes.ts'
import { ident, valuesExpression, type ColumnInfo } from './columns.ts'
import { insertHandle, newHandle } from './handles.ts'

/** Session formatting Electric pins, so snapshot rows and log rows print values the same way. */
export const DISPLAY_SETTINGS = `select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, DMY', true),
  set_config('intervalstyle', 'iso_8601', true), set_config('extra_float_digits', '1', true),
  set_config('bytea_output', 'hex', true), set_config('app.system', 'on', true)`

export interface Snapshot {
  handle: string
  seq: bigint
  /** The insert messages as JSON text, comma-separated, built by Postgres (no parse and re-stringify here). */
  body: string
  /** Transactions committed but not yet positioned when the snapshot was taken: its rows contain them. */
  pendingXids: bigint[]
}

/** Where the rows' `lsn` goes until the snapshot's position is known (never inside a JSON string value). */
const LSN_SLOT = '"lsn":"@@snapshot-lsn@@"'

/**
 * Takes a shape's snapshot and registers its handle in one REPEATABLE READ transaction: the rows, the
 * log position they correspond to, and the committed transactions not yet positioned (their log
 * entries are then skipped for this handle, since the rows already contain them).
 */
export async function takeSnapshot(
  sql: Sql,
  entry: ShapeEntry,
  scope: ShapeScope,
  columns: ColumnInfo[],
  defHash: string,
  opts: { withRows: boolean; nowMs: number },
): Promise<Snapshot> {
  return (await sql.begin('isolation level repeatable read', async (tx) => {
    const { seq, pendingXids } = await snapshotPoint(tx)
    const handle = await registerHandle(tx, entry, scope, defHash, opts.nowMs, { seq, pendingXids })
    if (!opts.withRows) return { handle, seq, body: '', pendingXids }
    // The position is known now unless the rows hold transactions not yet positioned (positionSnapshot).
    const lsn = pendingXids.length ? LSN_SLOT : `"lsn":"${seq}"`
    const rows = snapshotRowsSql(entry, scope, columns, lsn)
    // string_agg takes the rows in the subquery's key order (nothing between them to reorder).
    const [row] = await tx.unsafe(`select coalesce(string_agg(r.line, ','), '') as body from (${rows}) r`)
    return { handle, seq, body: row.body as string, pendingXids }
  })) as Snapshot
}

/**
 * Where the snapshot of the REPEATABLE READ transaction `tx` stands in the log: the clock, and the
 * committed transactions not yet positioned (their log entries are skipped for the handle, since the
 * rows already contain them). Also pins the display settings the rows are printed with.
 */
export async function snapshotPoint(tx: Queryable): Promise<{ seq: bigint; pendingXids: bigint[] }> {
  await tx.unsafe(DISPLAY_SETTINGS)
  const [{ n }] = await tx<{ n: string }[]>`select n::text from sync_clock where id = 1`
  const pending = await tx<{ xid: string }[]>`select distinct xid::text from sync_log where seq is null`
  return { seq: BigInt(n), pendingXids: pending.map((p) => BigInt(p.xid)) }
}

/** A new handle for the shape, standing at `point`; returns its name. */
export async function registerHandle(
  sql: Queryable,
  entry: ShapeEntry,
  scope: ShapeScope,
  defHash: string,
  nowMs: number,
  point: { seq: bigint; pendingXids: bigint[] },
): Promise<string> {
  const handle = newHandle(defHash, nowMs)
  await insertHandle(sql, { handle, defHash, relation: entry.table, companyId: scope.companyId, snapshotSeq: point.seq, snapshotXids: point.pendingXids })
  return handle
}

/**
 * The SQL of a snapshot's insert messages, one JSON text per row (`line`), in key order unless
 * `ordered` is false (a stream: sorting would hold back the first row until every row is built).
 * `lsnField` is the rows' `"lsn":"…"` member (or LSN_SLOT until the position is known).
 */
export function snapshotRowsSql(entry: ShapeEntry, scope: ShapeScope, columns: ColumnInfo[], lsnField: string, ordered = true): string {
  const values = valuesExpression(columns, 't', entry.masked?.(scope) ?? {})
  const order = entry.primaryKey.map((k) => `t.${ident(k)}`).join(', ')
  const key = entry.primaryKey.map((k) => `'"' || replace(t.${ident(k)}::text, '/', '//') || '"'`).join(` || '/' || `)
  const headers = `${JSON.stringify({ operation: 'insert', relation: ['public', entry.table] }).slice(0, -1)},${lsnField}}`.replace(/'/g, "''")
  return `select '{"key":' || to_json('"public"."${entry.table}"/' || ${key})::text || ',"value":' || ${values}::text
                 || ',"headers":${headers}}' as line
            from public.${ident(entry.table)} as t where ${entry.where(scope)}${ordered ? ` order by ${order}` : ''}`
}

/**
 * The snapshot's rows as the client must file them: every row carries `lsn`, the log position the
 * snapshot stands at (its clock, or past the transactions it saw committed before they were
 * positioned, which `sequence` positions first). pglite-sync then commits a table's snapshot only once
 * every synced table has caught up to that position, so a snapshot taken after a two-table transaction
 * never shows one half of it before the other (electric-protocol.md §4.2; the protocol allows no lsn,
 * which pglite-sync files at 0 and commits at once, ahead of what other tables have read).
 */
export async function positionSnapshot(sql: Sql, snap: Snapshot, sequence: () => Promise<unknown>): Promise<string> {
  if (!snap.pendingXids.length) return snap.body
  const lsn = await snapshotLsn(sql, snap.seq, snap.pendingXids, sequence)
  return snap.body.replaceAll(LSN_SLOT, `"lsn":"${lsn}"`)
}

/** The position a snapshot stands at: its clock, or past the transactions it saw before they were positioned. */
export async function snapshotLsn(sql: Sql, seq: bigint, pendingXids: bigint[], sequence: () => Promise<unknown>): Promise<bigint> {
  if (!pendingXids.length) return seq
  const xids = pendingXids.map(String)
  for (let attempt = 0; ; attempt++) {
    await sequence()
    const [row] = await sql<{ max: string | null; left: boolean }[]>`
      select (select max(seq)::text from sync_log where seq > ${seq.toString()} and xid = any(${xids}::bigint[])) as max,
             exists (select 1 from sync_log where seq is null and xid = any(${xids}::bigint[])) as "left"`
    if (!row.left) return row.max !== null && BigInt(row.max) > seq ? BigInt(row.max) : seq
    // Another instance holds the sequencer: it positions them shortly.
    if (attempt >= 250) throw new Error('the transactions of a snapshot were not positioned')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
