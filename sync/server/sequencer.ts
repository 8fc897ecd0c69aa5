import type { Sql, Tx } from '../../server/db/connect.ts'
import { scopeSources } from '../shapes.ts'

/** A (company, table) pair that received positioned changes; company null for global tables. */
export interface Touched {
  companyId: number | null
  relation: string
}

/** A change that can change the shape scope of a user of a company (userId null: any of its users). */
export interface ScopeChange {
  companyId: number
  userId: number | null
}

export interface Advance {
  head: bigint
  /** Transactions this run positioned (one seq each). */
  positioned: number
  touched: Touched[]
  scopes: ScopeChange[]
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`

/** SQL over `u` (a positioned entry with its row): the entry can change someone's scope (shapes.ts scopeSources). */
const scopeCondition = scopeSources
  .map((src) => {
    const columns = src.columns ? ` and u.op = 'update' and u.changed && array[${src.columns.map(quote).join(', ')}]::text[]` : ''
    return `(u.relation = ${quote(src.relation)}${columns})`
  })
  .join(' or ')
const scopeUser = `case u.relation ${scopeSources.map((src) => `when ${quote(src.relation)} then ${src.userKey ? `(u.row ->> ${quote(src.userKey)})::integer` : 'null'}`).join(' ')} end`

const LOCK_KEY = 727276

/** What one run answers: the head after it, how many transactions it positioned, and what they touched. */
interface PositionedRow {
  head: string
  positioned: number
  touched: Touched[] | null
  scopes: ScopeChange[] | null
}

/**
 * Settings of the sequencer's transaction, so its one statement has one plan whatever the statistics say:
 * the pending entries through their partial index, joined to the pending set by merge or hash. On a stale
 * row count (a log believed to hold a few hundred rows) the planner chose a sequential scan of the whole
 * log, or a loop comparing every pending entry with every other: ~15-20 ms a run at 150-180 entries
 * (auto_explain in bench/flows.ts).
 */
export async function sequencerPlanSettings(tx: Tx): Promise<void> {
  await tx`select set_config('enable_nestloop', 'off', true), set_config('enable_seqscan', 'off', true)`
}

/** The statement that positions every committed, unpositioned entry and advances the clock (one run). */
export function positionPending(tx: Tx) {
  return tx<PositionedRow[]>`
      with base as (select n from sync_clock where id = 1),
      pending as (
        select l.id, l.company_id, l.relation,
               dense_rank() over (order by last_id) as rank,
               row_number() over (partition by l.xid order by l.id) - 1 as pos
          -- By each transaction's last entry: one that waited for another's row lock wrote its last entry
          -- after the other committed, so it is positioned after it (its first entry may come earlier).
          from (select id, xid, company_id, relation, max(id) over (partition by xid) as last_id
                  from sync_log where seq is null) l
      ),
      upd as (
        update sync_log l set seq = (select n from base) + p.rank, op_pos = p.pos,
               -- An update's changed columns, computed here for the batch rather than in the trigger. Both
               -- images expanded once and joined: l.old -> key per key detoasted the old image again for
               -- every key (0.25 → 0.18 ms an updated ticket, auto_explain in bench/flows.ts).
               changed = case when l.op = 'update' then
                 (select coalesce(array_agg(n.key order by n.key), '{}')
                    from jsonb_each(l.new) n left join jsonb_each(l.old) o on o.key = n.key
                   where n.value is distinct from o.value) end
          -- seq is null lets the unpositioned rows' partial index find them whatever the table's statistics
          -- say (a stale row count made it a sequential scan of the whole log on every run).
          from pending p where l.id = p.id and l.seq is null
        returning l.seq, l.company_id, l.relation, l.op, l.changed, coalesce(l.new, l.old) as row
      ),
      clock as (
        update sync_clock set n = (select n from base) + coalesce((select max(rank) from pending), 0)
         where id = 1 returning n
      )
      select (select n from clock)::text as head,
             (select coalesce(max(rank), 0) from pending)::int as positioned,
             (select json_agg(json_build_object('companyId', company_id, 'relation', relation))
                from (select distinct company_id, relation from upd) t) as touched,
             (select json_agg(json_build_object('companyId', company_id, 'userId', user_id))
                from (select distinct u.company_id, ${tx.unsafe(scopeUser)} as user_id from upd u where ${tx.unsafe(scopeCondition)}) s) as scopes`
}

/**
 * Gives every committed, unpositioned change its position (shared/electric-protocol.md §8.2, the
 * post-commit sequencer): one seq per transaction, in the order of each one's last entry, op_pos by
 * insertion order inside each. Runs under an advisory lock so only one sequencer works at a time;
 * returns null when another holds it. Announces the advance with NOTIFY for other instances.
 */
export async function runSequencer(sql: Sql): Promise<Advance | null> {
  return (await sql.begin(async (tx) => {
    const [{ locked }] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`
    if (!locked) return null
    await sequencerPlanSettings(tx)
    const [row] = await positionPending(tx)
    const advance = { head: BigInt(row.head), positioned: Number(row.positioned), touched: row.touched ?? [], scopes: row.scopes ?? [] }
    if (advance.touched.length) {
      const payload = JSON.stringify({ head: row.head, touched: advance.touched, scopes: advance.scopes })
      // NOTIFY payloads stop at 8000 bytes; a huge batch tells listeners only the head.
      await tx`select pg_notify('balcao_sync_advanced', ${payload.length < 7900 ? payload : JSON.stringify({ head: row.head })})`
    }
    return advance
  })) as Advance | null
}
