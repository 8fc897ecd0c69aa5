import { LOCAL_TABLES } from './local-tables.ts'
import { SYNCED_TABLES } from './schema.generated.ts'

/**
 * One notification channel for every change of the browser database's tables: the payload is the
 * table's name. A statement-level trigger per table notifies once per statement (and Postgres folds
 * repeats within a transaction), so a sync batch of 10,000 rows is one notification per table.
 * The tabs' live queries (client/src/lib/live-query.ts) listen on it once per tab and re-run the
 * queries that read that table: no temporary view, trigger or LISTEN per query (docs/decisions.md
 * "Live queries").
 */
export const CHANGES_CHANNEL = 'balcao_changes'

/** The tables whose changes are notified: every synced and local table. */
export const WATCHED_TABLES: readonly string[] = [...SYNCED_TABLES, ...LOCAL_TABLES]

const SPLIT = 'local_writes'

export const CHANGE_NOTIFY_DDL = `
create or replace function balcao_notify_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANGES_CHANNEL}', tg_table_name);
  return null;
end $$;
${WATCHED_TABLES.filter((t) => t !== SPLIT)
  .map(
    (t) => `create or replace trigger "${t}_changes" after insert or update or delete on "${t}" for each statement execute function balcao_notify_change();
create or replace trigger "${t}_truncated" after truncate on "${t}" for each statement execute function balcao_notify_change();`,
  )
  .join('\n')}

-- local_writes names the synced table each changed write is for ("local_writes:messages"): sending a
-- reply refreshes the queries over messages, not every list with optimistic rows.
create or replace function balcao_notify_local_writes() returns trigger language plpgsql as $$
declare
  t text;
begin
  for t in select distinct table_name from changed loop
    perform pg_notify('${CHANGES_CHANNEL}', '${SPLIT}:' || t);
  end loop;
  return null;
end $$;
create or replace trigger "${SPLIT}_inserted" after insert on ${SPLIT} referencing new table as changed for each statement execute function balcao_notify_local_writes();
create or replace trigger "${SPLIT}_updated" after update on ${SPLIT} referencing new table as changed for each statement execute function balcao_notify_local_writes();
create or replace trigger "${SPLIT}_deleted" after delete on ${SPLIT} referencing old table as changed for each statement execute function balcao_notify_local_writes();
create or replace trigger "${SPLIT}_truncated" after truncate on ${SPLIT} for each statement execute function balcao_notify_change();
`

const words = new Map(WATCHED_TABLES.map((t) => [t, new RegExp(`\\b${t}\\b`)]))

/**
 * The notifications a statement must hear: each watched table named anywhere in it (a column or alias
 * spelled like a table costs one needless refresh, never a missed one), local_writes by synced table.
 */
export function tablesNamedIn(sql: string): string[] {
  const named = WATCHED_TABLES.filter((t) => words.get(t)!.test(sql))
  if (!named.includes(SPLIT)) return named
  // A statement over local_writes that names the tables it wants (`table_name = 'messages'`, as
  // optimisticSelect and the chat's pending messages do) hears only those tables' writes.
  const wanted = [...new Set([...sql.matchAll(/table_name\s*=\s*'(\w+)'/g)].map((m) => `${SPLIT}:${m[1]}`))]
  return [...named.filter((t) => t !== SPLIT), ...(wanted.length ? wanted : [SPLIT])]
}

/** The keys a notification reaches: its own, and `local_writes` for any `local_writes:<table>`. */
export function notifiedKeys(payload: string): string[] {
  return payload.startsWith(`${SPLIT}:`) ? [payload, SPLIT] : [payload]
}
