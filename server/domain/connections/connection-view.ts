import type { Queryable } from '../../db/connect.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'

export type Channel = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'simulator'

/** A connection as the API shows it (spec part 2 §3 "WhatsApp connection"); never channelConfig. */
export interface ConnectionView {
  id: number
  companyId: number
  name: string
  channel: Channel
  number: string
  status: string
  qrcode: string
  retries: number
  isDefault: boolean
  /** Only for those who manage connections; absent otherwise. */
  token?: string | null
  provider: string
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  collectiveVacationStart: string | null
  collectiveVacationEnd: string | null
  collectiveVacationMessage: string
  maxUseBotQueues: number
  timeUseBotQueues: number
  expiresTicket: number
  whenExpiresTicket: number
  expiresTicketNPS: number
  maxUseBotQueuesNPS: number
  expiresInactiveMessage: string
  timeInactiveMessage: number
  inactiveMessage: string
  timeCreateNewTicket: number
  timeSendQueue: number
  sendIdQueue: number | null
  allowGroup: boolean
  groupAsTicket: 'enabled' | 'disabled'
  enableImportMessage: boolean
  importOldMessages: string | null
  importRecentMessages: string | null
  importOldMessagesGroups: boolean
  closedTicketsPostImported: boolean
  queueIdImportMessages: number | null
  statusImportMessages: string | null
  greetingMediaAttachment: string | null
  integrationId: number | null
  promptId: number | null
  flowIdWelcome: number | null
  flowIdNotPhrase: number | null
  schedules: unknown[]
  createdAt: string
  updatedAt: string
  queues: { id: number; name: string; color: string }[]
  queueIds: number[]
}

// Listed one by one, not w.*: a secret column added later must not leak by default. Dates as text so
// the answer shows the day that was saved, not a midnight in some time zone.
const viewColumns = (sql: Queryable) => sql`
  w.id, w.company_id, w.name, w.channel, w.number, w.status, w.qrcode, w.retries, w.is_default, w.token, w.provider,
  w.greeting_message, w.complation_message, w.out_of_hours_message, w.rating_message,
  to_char(w.collective_vacation_start, 'YYYY-MM-DD') as collective_vacation_start,
  to_char(w.collective_vacation_end, 'YYYY-MM-DD') as collective_vacation_end,
  w.collective_vacation_message, w.max_use_bot_queues, w.time_use_bot_queues, w.expires_ticket, w.when_expires_ticket,
  w.expires_ticket_nps as "expiresTicketNPS", w.max_use_bot_queues_nps as "maxUseBotQueuesNPS",
  w.expires_inactive_message, w.time_inactive_message, w.inactive_message, w.time_create_new_ticket, w.time_send_queue,
  w.send_id_queue, w.allow_group, w.group_as_ticket, w.enable_import_message, w.import_old_messages,
  w.import_recent_messages, w.import_old_messages_groups, w.closed_tickets_post_imported, w.queue_id_import_messages,
  w.status_import_messages, w.greeting_media_attachment, w.integration_id, w.prompt_id, w.flow_id_welcome,
  w.flow_id_not_phrase, w.schedules, w.created_at, w.updated_at,
  coalesce((select json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color) order by q.order_queue nulls last, q.name)
              from whatsapp_queues wq join queues q on q.id = wq.queue_id where wq.whatsapp_id = w.id), '[]'::json) as queues`

type Row = Omit<ConnectionView, 'queueIds'>

const withQueueIds = (row: Row): ConnectionView => ({ ...row, queueIds: row.queues.map((q) => q.id) })

export async function findConnectionView(sql: Queryable, id: number): Promise<ConnectionView | null> {
  const [row] = await sql<Row[]>`select ${viewColumns(sql)} from whatsapps w where w.id = ${id}`
  return row ? withQueueIds(row) : null
}

/** The connections of one company, default first, then by name (the table's order). */
export async function selectConnectionViews(sql: Queryable, companyId: number | null): Promise<ConnectionView[]> {
  const rows = await sql<Row[]>`
    select ${viewColumns(sql)} from whatsapps w
     where ${companyId === null} or w.company_id = ${companyId ?? 0}
     order by w.company_id, lower(w.name), w.id`
  return rows.map(withQueueIds)
}

/** Who may manage connections: admins, and users with allowConnections (spec part 2 §6). */
export const managesConnections = (auth: AuthContext) => can(auth, 'connections:view')

/**
 * What one actor may see of a connection: the token and the QR code only for those who manage
 * connections; plain users still list connections (ticket filters and forms pick from them).
 */
export function viewFor(auth: AuthContext, view: ConnectionView): ConnectionView {
  if (managesConnections(auth)) return view
  const { token: _token, ...rest } = view
  return { ...rest, qrcode: '' }
}

/** Live events for the hub; route-event.ts sends both only to those who manage connections. */
export function emitConnection(ctx: DomainCtx, view: ConnectionView) {
  ctx.emit({ type: 'whatsapp', companyId: view.companyId, payload: { action: 'update', whatsapp: view } })
}

export function emitSession(ctx: DomainCtx, view: ConnectionView) {
  ctx.emit({ type: 'whatsappSession', companyId: view.companyId, payload: { action: 'update', session: view } })
}
