import type { ShapeEntry } from '../shapes.ts'
import type { LogEntry } from './log-reader.ts'

type Row = Record<string, string | null>

export interface ChangeMessage {
  key: string
  value: Row
  headers: Record<string, unknown>
}

/** `"public"."t"/"pk1"/"pk2"`: each key value quoted, with `/` doubled (electric-protocol.md §2.3). */
export function rowKey(table: string, primaryKey: string[], row: Row): string {
  const parts = primaryKey.map((k) => `"${(row[k] ?? '_').replace(/\//g, '//')}"`)
  return `"public"."${table}"/${parts.join('/')}`
}

const pick = (row: Row, keys: Iterable<string>): Row => {
  const out: Row = {}
  for (const k of keys) if (k in row) out[k] = row[k]
  return out
}

/**
 * Log entries as the shape sees them (replica default): inserts carry the row, updates the key and the
 * changed columns, deletes the key; an update that enters the where clause is an insert and one that
 * leaves it a delete; a move (its parent changed hands) is an insert where the row comes into view and a
 * delete where it leaves. Every message carries lsn, op_position and txids; the final one of each
 * transaction carries last.
 */
export function logMessages(entry: ShapeEntry, entries: LogEntry[]): ChangeMessage[] {
  const relation = ['public', entry.table]
  const out: (ChangeMessage & { seq: bigint })[] = []
  const push = (e: LogEntry, operation: string, value: Row) => {
    out.push({
      seq: e.seq,
      key: rowKey(entry.table, entry.primaryKey, value),
      value,
      headers: { operation, relation, lsn: e.seq.toString(), op_position: e.opPos, txids: [Number(e.xid % 4294967296n)] },
    })
  }
  for (const e of entries) {
    const n = e.newValue
    const o = e.oldValue
    if (e.op === 'move' && n) {
      if (e.newMatch && !e.oldMatch) push(e, 'insert', n)
      else if (e.oldMatch && !e.newMatch) push(e, 'delete', pick(n, entry.primaryKey))
    } else if (e.op === 'insert' && e.newMatch && n) push(e, 'insert', n)
    else if (e.op === 'delete' && e.oldMatch && o) push(e, 'delete', pick(o, entry.primaryKey))
    else if (e.op === 'update' && n && o) {
      const keyChanged = entry.primaryKey.some((k) => n[k] !== o[k])
      if (e.newMatch && e.oldMatch && !keyChanged) {
        const changed = (e.changed ?? []).filter((c) => c in n && !entry.primaryKey.includes(c))
        if (changed.length) push(e, 'update', pick(n, [...entry.primaryKey, ...changed]))
      } else {
        if (e.oldMatch) push(e, 'delete', pick(o, entry.primaryKey))
        if (e.newMatch) push(e, 'insert', n)
      }
    }
  }
  for (let i = 0; i < out.length; i++) {
    if (i === out.length - 1 || out[i + 1].seq !== out[i].seq) out[i].headers.last = true
  }
  return out.map(({ seq: _seq, ...m }) => m)
}
