import type { Sql } from '../../server/db/connect.ts'
import type { ShapeEntry, ShapeScope } from '../shapes.ts'
import type { ColumnInfo } from './columns.ts'
import { registerHandle, snapshotLsn, snapshotPoint, snapshotRowsSql } from './snapshot.ts'

/** Rows a batch of the stream reads from Postgres (~1.5 MB of messages). */
export const SNAPSHOT_BATCH_ROWS = 2_000
/** The longest a stream may hold its connection (a client that stops reading). */
const STREAM_MAX_MS = 5 * 60_000

/** Streams open per pool: each holds a connection and needs another to start, so at most a third of the pool. */
const open = new WeakMap<Sql, number>()
const streamsAllowed = (sql: Sql) => Math.floor(sql.options.max / 3)

export interface StreamedSnapshot {
  handle: string
  seq: bigint
  /** The JSON array of insert messages, sent as Postgres produces it. */
  body: ReadableStream<Uint8Array>
}

/**
 * A shape's snapshot sent while it is read (Postgres, a pool of several connections). Built whole, the
 * 70 MB of a 100k-message snapshot left the server only after Postgres had produced all of it and
 * postgres.js had received it as one value (4 s to the first byte on the bench machine); read through a
 * cursor, the first rows leave at once and the rest follow as they come.
 *
 * The rows come from one REPEATABLE READ transaction on a reserved connection, held until the last
 * batch is sent (or the client goes away). The handle is registered on the pool and committed before
 * the answer starts: a client asks for the next offset as soon as it has the headers. The position is
 * known before the first row (takeSnapshot leaves a slot instead and fills it once the whole body is
 * built). Null when the pool has no room for another stream (a third of its connections are streaming,
 * or it has one connection, as embedded PGlite): shape-route then builds the snapshot whole, as before.
 */
export async function streamSnapshot(
  sql: Sql,
  entry: ShapeEntry,
  scope: ShapeScope,
  columns: ColumnInfo[],
  defHash: string,
  opts: { nowMs: number; sequence: () => Promise<unknown> },
): Promise<StreamedSnapshot | null> {
  const streaming = open.get(sql) ?? 0
  if (streaming >= streamsAllowed(sql)) return null
  open.set(sql, streaming + 1)
  let held = true
  let conn: Awaited<ReturnType<Sql['reserve']>> | undefined
  const finish = async () => {
    if (!held) return
    held = false
    clearTimeout(timer)
    open.set(sql, (open.get(sql) ?? 1) - 1)
    if (!conn) return
    await conn.unsafe('rollback').catch(() => {})
    conn.release()
  }
  const timer = setTimeout(() => void finish(), STREAM_MAX_MS)
  let handle: string
  let seq: bigint
  let lsn: bigint
  try {
    conn = await sql.reserve()
    await conn.unsafe('begin isolation level repeatable read')
    const point = await snapshotPoint(conn)
    seq = point.seq
    handle = await registerHandle(sql, entry, scope, defHash, opts.nowMs, point)
    lsn = await snapshotLsn(sql, seq, point.pendingXids, opts.sequence)
  } catch (err) {
    await finish()
    throw err
  }
  const batches = conn!.unsafe(snapshotRowsSql(entry, scope, columns, `"lsn":"${lsn}"`, false)).cursor(SNAPSHOT_BATCH_ROWS)[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  let first = true
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await batches.next()
        if (next.done) {
          controller.enqueue(encoder.encode(first ? '[]' : ']'))
          controller.close()
          await finish()
          return
        }
        const lines = (next.value as unknown as { line: string }[]).map((r) => r.line).join(',')
        controller.enqueue(encoder.encode(`${first ? '[' : ','}${lines}`))
        first = false
      } catch (err) {
        await finish()
        controller.error(err)
      }
    },
    async cancel() {
      await batches.return?.()
      await finish()
    },
  })
  return { handle, seq, body }
}
