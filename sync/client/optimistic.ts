import { shapeCatalogue } from '../shapes.ts'
import type { LocalPg } from './local-pg.ts'
import type { Outbox, OutboxEvent, WriteMethod, WriteResult } from './outbox.ts'

/** How a write should look in the UI before the shape stream brings the real rows. */
export interface OptimisticWrite {
  /** A synced table (sync/shapes.ts). */
  table: string
  op: 'insert' | 'update' | 'delete'
  /** Primary key of the target row, snake_case ({ id: 5 }); required for update and delete. */
  rowKey?: Record<string, unknown>
  /** insert: the row as it should show; update: the changed columns. snake_case, like the table. */
  value?: Record<string, unknown>
}

const ident = (n: string) => `"${n.replace(/"/g, '""')}"`
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

function primaryKeyOf(table: string): string[] {
  const entry = Object.hasOwn(shapeCatalogue, table) ? shapeCatalogue[table] : undefined
  if (!entry) throw new Error(`${table} is not a synced table`)
  return entry.primaryKey
}

/**
 * The one way the data layer writes: the optimistic row first (so the UI shows it at once), then the
 * request into the outbox with the same id as its Idempotency-Key. Returns that id (client_id).
 *
 * @example
 * await queueWrite({ pg, outbox }, { method: 'PUT', path: `/tickets/${id}`, body: { status: 'closed' } },
 *   { table: 'tickets', op: 'update', rowKey: { id }, value: { status: 'closed' } })
 */
export async function queueWrite(
  deps: { pg: LocalPg; outbox: Outbox },
  request: { method: WriteMethod; path: string; body?: unknown },
  optimistic?: OptimisticWrite,
  /**
   * clientId: chosen by the caller (when the body must carry it too, like a message's clientId).
   * scope: the records the write acts on ('ticket:5'), so a refusal holds back only their writes.
   */
  opts: { clientId?: string; scope?: string[] } = {},
): Promise<string> {
  const clientId = opts.clientId ?? crypto.randomUUID()
  if (optimistic) await recordLocalWrite(deps.pg, clientId, optimistic)
  try {
    await deps.outbox.enqueue({ ...request, clientId, scope: opts.scope })
  } catch (err) {
    if (optimistic) await deps.pg.query('delete from local_writes where client_id = $1', [clientId])
    throw err
  }
  return clientId
}

export async function recordLocalWrite(pg: LocalPg, clientId: string, w: OptimisticWrite): Promise<void> {
  primaryKeyOf(w.table)
  if (w.op !== 'insert' && !w.rowKey) throw new Error(`an optimistic ${w.op} needs the row key`)
  await pg.query(`insert into local_writes (client_id, table_name, op, row_key, value) values ($1, $2, $3, $4, $5)`, [
    clientId,
    w.table,
    w.op,
    w.rowKey ? JSON.stringify(w.rowKey) : null,
    JSON.stringify(w.value ?? {}),
  ])
}

/** Keeps local_writes in step with the outbox: answered, refused, retried, discarded. */
export async function applyOutboxEvent(pg: LocalPg, event: OutboxEvent): Promise<void> {
  const id = event.write.id
  if (event.type === 'sent') return markAnswered(pg, event.result)
  if (event.type === 'failed') {
    await pg.query('update local_writes set error = $2 where client_id = $1', [id, event.write.error?.code ?? 'ERR_UNKNOWN'])
  } else if (event.type === 'retried') {
    await pg.query('update local_writes set error = null where client_id = $1', [id])
  } else {
    await pg.query('delete from local_writes where client_id = $1', [id])
  }
}

/**
 * A 2xx answer: the row stops being pending, learns its key (inserts, from the answer's body) and its
 * txid; it leaves once the stream delivered that txid (local-tables.ts triggers) or after a minute.
 */
async function markAnswered(pg: LocalPg, result: WriteResult): Promise<void> {
  const { rows } = await pg.query<{ table_name: string }>('select table_name from local_writes where client_id = $1', [result.id])
  if (!rows[0]) return
  const key = rowKeyFromAnswer(rows[0].table_name, result.body)
  await pg.query(
    `update local_writes set pending = false, answered_at = now(), error = null, txid = $2,
            row_key = coalesce(row_key, $3::jsonb)
      where client_id = $1`,
    [result.id, result.txid, key ? JSON.stringify(key) : null],
  )
}

/** The primary key of the created row, read from the API's answer (camelCase or snake_case fields). */
export function rowKeyFromAnswer(table: string, body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object') return null
  const obj = body as Record<string, unknown>
  const key: Record<string, unknown> = {}
  for (const col of primaryKeyOf(table)) {
    const camel = col.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())
    const v = obj[col] ?? obj[camel]
    if (v === undefined || v === null) return null
    key[col] = v
  }
  return key
}

/**
 * Links an outbox to the local database: events update local_writes, and writes left pending by an
 * earlier session are settled from the outbox's queue and kept answers.
 * Returns the function that unlinks.
 */
export async function linkOutbox(outbox: Outbox, pg: LocalPg, onError: (err: unknown) => void = () => {}): Promise<() => void> {
  const off = outbox.onEvent((e) => void applyOutboxEvent(pg, e).catch(onError))
  await reconcileLocalWrites(pg, outbox)
  return off
}

/** Settles pending local writes older than a minute (younger ones may be on their way into the outbox). */
export async function reconcileLocalWrites(pg: LocalPg, outbox: Outbox): Promise<void> {
  const { rows } = await pg.query<{ client_id: string }>(
    `select client_id from local_writes where pending and created_at < now() - interval '1 minute'`,
  )
  if (!rows.length) return
  const queued = new Map((await outbox.list()).map((w) => [w.id, w]))
  const answered = new Map((await outbox.results()).map((r) => [r.id, r]))
  for (const { client_id: id } of rows) {
    const result = answered.get(id)
    const write = queued.get(id)
    if (result) await markAnswered(pg, result)
    else if (write?.state === 'failed') await applyOutboxEvent(pg, { type: 'failed', write })
    // Neither queued nor answered: discarded in another tab, or answered too long ago to remember.
    else if (!write) await pg.query('delete from local_writes where client_id = $1', [id])
  }
}

/**
 * SELECT over a synced table as the user should see it: synced rows with the pending updates laid over
 * them (in order) and pending deletes hidden, plus the rows of pending inserts (their server key is null
 * until answered). Extra columns: `pending` (a local write not yet in the synced table), `client_id`
 * (the latest such write), `error` (the server refused it). Filter and sort it as a subquery:
 * `select * from (${optimisticSelect('tickets')}) t where status = $1 order by updated_at desc limit 50`.
 */
export function optimisticSelect(
  table: string,
  opts: {
    columnPrefix?: string
    where?: (alias: string) => string
    /**
     * The caller keeps only the first rows in this order (`order by … limit n` outside too): the synced
     * rows are cut to them inside, so an index in that order reads `limit` rows instead of the table.
     * Exact as long as every filter of the caller is in `where`.
     */
    top?: { orderBy: (alias: string) => string; limit: string }
  } = {},
): string {
  // A table with its own client_id (messages) takes the extra columns under a prefix: write_pending …
  const [pending, clientId, error] = ['pending', 'client_id', 'error'].map((c) => ident(`${opts.columnPrefix ?? ''}${c}`))
  const pk = primaryKeyOf(table)
  const t = ident(table)
  // Keys compared column to column, the pending write's key read into the table's own types: a jsonb key
  // built for every synced row cost a scan of the whole table per query (15 ms for 10k tickets in a
  // search), and with a pending write the tabs' index order was lost (4 → 17 ms). This way the synced
  // rows are probed against one small hashed set, or found through their primary key.
  const cols = (alias: string) => `(${pk.map((c) => `${alias}.${ident(c)}`).join(', ')})`
  const keyOf = (json: string) => pk.map((c) => `(jsonb_populate_record(null::${t}, ${json})).${ident(c)}`)
  const pendingKey = keyOf('w.row_key')
  // `where`, over the row alias, is applied inside each branch: Postgres cannot push a filter with a
  // subquery or an OR of one through the union, and would otherwise read the whole table first.
  const and = (alias: string) => (opts.where ? ` and (${opts.where(alias)})` : '')
  return `with w as (
    select row_key,
           jsonb_merge_agg(value order by created_at) as patch,
           bool_or(op = 'delete' and error is null) as deleted,
           (array_agg(client_id order by created_at desc))[1] as client_id,
           (array_agg(error order by created_at desc) filter (where error is not null))[1] as error
      from local_writes
     where table_name = ${literal(table)} and op <> 'insert'
     group by row_key
  )
  ${opts.top ? '(' : ''}select s.*, false as ${pending}, null::text as ${clientId}, null::text as ${error}
    from ${t} s
   where ${cols('s')} not in (select ${pendingKey.join(', ')} from w where ${pendingKey.map((k) => `${k} is not null`).join(' and ')})${and('s')}${opts.top ? `\n   order by ${opts.top.orderBy('s')} limit ${opts.top.limit})` : ''}
  union all
  select (jsonb_populate_record(s, w.patch)).*, true, w.client_id, w.error
    from w join ${t} s on ${cols('s')} = (${pendingKey.join(', ')})
   where not w.deleted${opts.where ? ` and (${opts.where('(jsonb_populate_record(s, w.patch))')})` : ''}
  union all
  select (jsonb_populate_record(null::${t}, l.value)).*, true, l.client_id, l.error
    from local_writes l
   where l.table_name = ${literal(table)} and l.op = 'insert'
     and not exists (select 1 from ${t} s where ${cols('s')} = (${keyOf('l.row_key').join(', ')}))${opts.where ? ` and (${opts.where('(jsonb_populate_record(null::' + t + ', l.value))')})` : ''}`
}
