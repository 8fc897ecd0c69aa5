import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

const CONNECTED: SqlQuery = {
  sql: `select exists (select 1 from whatsapps where channel = 'whatsapp' and status = 'CONNECTED') as ready`,
  params: [],
}

/** Whether the company has a connected WhatsApp connection (the synced rows): numbers can be checked. */
export function useConnectedWhatsapp(): boolean {
  const db = useLocalFirst()?.db ?? null
  return useLiveQuery<{ ready: boolean }>(db, CONNECTED).rows[0]?.ready === true
}
