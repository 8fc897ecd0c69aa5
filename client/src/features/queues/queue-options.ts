import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

export interface QueueOption {
  id: number
  name: string
  color: string
}

const queueQuery: SqlQuery = { sql: 'select id, name, color from queues order by lower(name), id', params: [] }

/** The company's queues (local database, live), for the selects of other screens. */
export function useQueueOptions(): QueueOption[] {
  const db = useLocalFirst()?.db ?? null
  return useLiveQuery<QueueOption>(db, queueQuery).rows
}
