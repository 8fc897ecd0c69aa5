import type { Sql } from '../../server/db/connect.ts'
import type { ShapeEntry, ShapeScope } from '../shapes.ts'
import { ident, valuesExpression, type ColumnInfo } from './columns.ts'
import { DISPLAY_SETTINGS } from './snapshot.ts'

export interface LogEntry {
  seq: bigint
  opPos: number
  xid: bigint
  /** 'move': the row's parent changed who sees it (new is the row, matches say before and after). */
  op: 'insert' | 'update' | 'delete' | 'move'
  changed: string[] | null
  newMatch: boolean
  oldMatch: boolean
  newValue: Record<string, string | null> | null
  oldValue: Record<string, string | null> | null
}

export interface LogRead {
  entries: LogEntry[]
  /** the position the answer covers: every entry of the shape up to it is in `entries` */
  upTo: bigint
  /** true when the answer reached the head (nothing more to read now) */
  complete: boolean
}

const BATCH = 2000

/**
 * Entries of one shape after (seq, op) and up to `head`, as the shape sees them: the where clause is
 * evaluated on the new and the old row, and the answer always ends on a transaction boundary.
 */
export async function readLog(
  sql: Sql,
  entry: ShapeEntry,
  scope: ShapeScope,
  columns: ColumnInfo[],
  after: { seq: bigint; op: number },
  head: bigint,
  skipXids: bigint[],
): Promise<LogRead> {
  const seen = (rows: LogEntry[]) => rows.filter((r) => r.newMatch || r.oldMatch)
  const rows = await query(sql, entry, scope, columns, after, head, skipXids, BATCH + 1)
  if (rows.length <= BATCH) return { entries: seen(rows), upTo: head, complete: true }
  const lastSeq = rows[BATCH].seq
  if (rows[0].seq === lastSeq) {
    // One transaction larger than a batch: it is sent whole, never split.
    const whole = await query(sql, entry, scope, columns, after, lastSeq, skipXids, null)
    return { entries: seen(whole), upTo: lastSeq, complete: lastSeq === head }
  }
  const kept = rows.filter((r) => r.seq < lastSeq)
  return { entries: seen(kept), upTo: kept[kept.length - 1].seq, complete: false }
}

async function query(
  sql: Sql,
  entry: ShapeEntry,
  scope: ShapeScope,
  columns: ColumnInfo[],
  after: { seq: bigint; op: number },
  upTo: bigint,
  skipXids: bigint[],
  limit: number | null,
): Promise<LogEntry[]> {
  const rel = `public.${ident(entry.table)}`
  const where = entry.where(scope)
  const masked = entry.masked?.(scope) ?? {}
  const row = (side: 'new' | 'old') =>
    `(select ${valuesExpression(columns, 't', masked)} from jsonb_populate_record(null::${rel}, l.${side}) as t)`
  const companyFilter = entry.companyColumn ? 'and l.company_id = $2' : 'and $2::int is null'
  // Values are built only for entries the shape sees; the others still count for batch boundaries.
  const text = `
    select l.seq::text as seq, l.op_pos, l.xid::text as xid, l.op, l.changed, m.new_match, m.old_match,
           case when (m.new_match or m.old_match) and l.new is not null then ${row('new')} end as new_value,
           case when (m.new_match or m.old_match) and l.old is not null then ${row('old')} end as old_value
      from sync_log l
      cross join lateral (select ${matchSql(entry, scope, where)}) m
     where l.seq is not null and l.relation = $1 ${companyFilter}
       and (l.seq > $3 or (l.seq = $3 and l.op_pos > $4)) and l.seq <= $5
       and not (l.xid = any($6::bigint[]))
     order by l.seq, l.op_pos
     ${limit ? `limit ${limit}` : ''}`
  const opAfter = after.op === Infinity ? 2147483647 : after.op
  return (await sql.begin(async (tx) => {
    await tx.unsafe(DISPLAY_SETTINGS)
    const rows = await tx.unsafe(text, [
      entry.table,
      entry.companyColumn ? scope.companyId : null,
      after.seq.toString(),
      opAfter,
      upTo.toString(),
      skipXids.map(String),
    ])
    return rows.map((r) => ({
      seq: BigInt(r.seq),
      opPos: r.opPos,
      xid: BigInt(r.xid),
      op: r.op,
      changed: r.changed,
      newMatch: r.newMatch,
      oldMatch: r.oldMatch,
      newValue: r.newValue,
      oldValue: r.oldValue,
    }))
  })) as LogEntry[]
}

/**
 * `new_match` and `old_match` of a log entry `l`: whether the shape sees the row after and before the
 * change. A row with a parent (a ticket's message) is seen when its parent is, judged on the parent's
 * columns the log kept with the change; a move is the same row seen under the parent's old and new
 * columns. Entries logged before the parent was kept (migration 0019) fall back to the where clause on
 * today's parent. A parent that was gone ('{}': deleted with its ticket) hides nothing of a delete.
 */
function matchSql(entry: ShapeEntry, scope: ShapeScope, where: string): string {
  const rel = `public.${ident(entry.table)}`
  const own = (side: 'new' | 'old') => `exists (select 1 from jsonb_populate_record(null::${rel}, l.${side}) as t where ${where})`
  if (!entry.parent) return `(l.new is not null and ${own('new')}) as new_match, (l.old is not null and ${own('old')}) as old_match`
  const parentWhere = entry.parent.where(scope)
  const parentRel = `public.${ident(entry.parent.table)}`
  const seen = (parent: string, side: 'new' | 'old') =>
    parentWhere === null
      ? 'true'
      : `case when ${parent} is null then ${own(side)} when ${parent} = '{}'::jsonb then true
              else exists (select 1 from jsonb_populate_record(null::${parentRel}, ${parent}) as p where ${parentWhere}) end`
  return `(l.new is not null and ${seen('l.parent', 'new')}) as new_match,
          case when l.op = 'move' then ${seen('l.parent_old', 'new')}
               else l.old is not null and ${seen('coalesce(l.parent_old, l.parent)', 'old')} end as old_match`
}
