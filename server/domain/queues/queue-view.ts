import type { Queryable } from '../../db/connect.ts'
import type { QueueSchedule } from '../../routes/queues.schema.ts'
import { loadQueueMenus, type ChatbotView } from '../chatbots/chatbot-tree.ts'
import type { DomainCtx } from '../context.ts'

/** A queue as the API shows it (spec part 2 §3 "Queue"); the token is not shown (nothing uses it yet). */
export interface QueueView {
  id: number
  companyId: number
  name: string
  color: string
  greetingMessage: string
  outOfHoursMessage: string
  orderQueue: number | null
  tempoRoteador: number
  ativarRoteador: boolean
  integrationId: number | null
  fileListId: number | null
  closeTicket: boolean
  schedules: QueueSchedule[]
  createdAt: string
  updatedAt: string
}

/** GET /queue/{id}: the queue with its chatbot option tree. */
export interface QueueDetail extends QueueView {
  chatbots: ChatbotView[]
}

const COLUMNS = `id, company_id, name, color, greeting_message, out_of_hours_message, order_queue, tempo_roteador,
  ativar_roteador, integration_id, file_list_id, close_ticket, schedules, created_at, updated_at`

/** The company's queues (RLS), by order then name: the order of the menu a contact reads. */
export async function selectQueueViews(sql: Queryable): Promise<QueueView[]> {
  return sql<QueueView[]>`select ${sql.unsafe(COLUMNS)} from queues order by order_queue nulls last, lower(name), id`
}

export async function findQueueDetail(sql: Queryable, id: number): Promise<QueueDetail | null> {
  const [row] = await sql<QueueView[]>`select ${sql.unsafe(COLUMNS)} from queues where id = ${id}`
  if (!row) return null
  const menus = await loadQueueMenus(sql, [id])
  return { ...row, chatbots: menus.get(id) ?? [] }
}

/** Live event `queue` (spec part 2 §7 Live events): every user of the company lists queues. */
export function emitQueue(ctx: DomainCtx, action: 'create' | 'update', queue: QueueDetail) {
  ctx.emit({ type: 'queue', companyId: queue.companyId, payload: { action, queue } })
}
