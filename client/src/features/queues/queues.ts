import { useMemo } from 'react'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import type { QueueBody, QueueDetail } from './queue-form.ts'

/** A row of the queues list, from the synced `queues` table (spec part 2 §2 Queues page). */
export interface QueueRow {
  id: number
  name: string
  color: string
  greetingMessage: string
  orderQueue: number | null
}

/** The list in the order a contact reads the menu: orderQueue, then name (as GET /queue). */
export const queueListQuery: SqlQuery = {
  sql: `select id, name, color, coalesce(greeting_message, '') as greeting_message, order_queue
          from queues order by order_queue nulls last, lower(name), id`,
  params: [],
}

type Raw = { id: number; name: string | null; color: string | null; greeting_message: string; order_queue: number | null }

export const toQueueRow = (r: Raw): QueueRow => ({
  id: r.id,
  name: r.name ?? '',
  color: r.color ?? '',
  greetingMessage: r.greeting_message,
  orderQueue: r.order_queue,
})

/** The company's queues from the local database, live: a save or delete shows once sync brings it. */
export function useQueueList(): { queues: QueueRow[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const { rows, loading, error } = useLiveQuery<Raw>(db, queueListQuery)
  const queues = useMemo(() => rows.map(toQueueRow), [rows])
  return { queues, loading, error }
}

const scheduleTypeQuery: SqlQuery = { sql: 'select schedule_type from company_settings limit 1', params: [] }

/** The company setting scheduleType (synced company_settings row); the hours tab shows only when it is 'queue'. */
export function useScheduleType(): string {
  const db = useLocalFirst()?.db ?? null
  const rows = useLiveQuery<{ schedule_type: string | null }>(db, scheduleTypeQuery).rows
  return rows[0]?.schedule_type ?? 'disabled'
}

export type Option = { value: string; label: string }

const userOptionsQuery: SqlQuery = { sql: 'select id, name from users where id is not null order by lower(name), id', params: [] }

/** The company's users (local database), for the attendant option's select. */
export function useUserOptions(): Option[] {
  const db = useLocalFirst()?.db ?? null
  const rows = useLiveQuery<{ id: number; name: string }>(db, userOptionsQuery).rows
  return useMemo(() => rows.map((u) => ({ value: String(u.id), label: u.name })), [rows])
}

/** GET /queue/{id}: the queue with its hours and option tree (chatbots are not synced). */
export const fetchQueue = (id: number) => api<QueueDetail>(`/queue/${id}`)

export const createQueue = (body: QueueBody) => api<QueueDetail>('/queue', { method: 'POST', json: body })

export const updateQueue = (id: number, body: QueueBody) => api<QueueDetail>(`/queue/${id}`, { method: 'PUT', json: body })

/** moveTo: the queue that takes the deleted queue's live tickets (the server refuses without one while there are any). */
export const deleteQueue = (id: number, moveTo?: number) => api<unknown>(`/queue/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`, { method: 'DELETE' })
