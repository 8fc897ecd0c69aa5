import type { Queryable } from '../../db/connect.ts'
import type { Fragment } from '../tickets/visible-tickets.ts'
import type { Schedule } from './schedule-rules.ts'

/** Everything the rules read about one ticket: the ticket, its contact, connection, company settings. */
export interface RoutingState {
  ticketId: number
  companyId: number
  uuid: string
  status: string
  userId: number | null
  queueId: number | null
  queueOptionId: number | null
  isGroup: boolean
  isBot: boolean
  isOutOfHour: boolean
  amountUsedBotQueues: number
  amountUsedBotQueuesNps: number
  imported: Date | null
  contactId: number
  contactName: string
  disableBot: boolean
  acceptAudioMessage: boolean
  lgpdAcceptedAt: Date | null
  ticketLgpdAcceptedAt: Date | null
  complationMessage: string
  whatsappId: number
  channel: string
  greetingMessage: string
  outOfHoursMessage: string
  maxUseBotQueues: number
  /** The queue a waiting ticket goes to when nobody chooses one (auto-move, a bot that gives up). */
  sendIdQueue: number | null
  ratingMessage: string
  maxUseBotQueuesNps: number
  /** The connection's collective vacation, 'YYYY-MM-DD' dates on the company's calendar (null: none). */
  collectiveVacationStart: string | null
  collectiveVacationEnd: string | null
  collectiveVacationMessage: string
  connectionSchedules: Schedule[]
  timezone: string
  companySchedules: Schedule[]
  scheduleType: 'disabled' | 'company' | 'queue' | 'connection'
  sendQueuePosition: string
  sendQueuePositionMessage: string
  acceptAudioMessageContact: string
  enableLgpd: string
  lgpdMessage: string
  lgpdLink: string
  lgpdConsent: string
  userRandom: string
  sendGreetingMessageOneQueues: string
  directTicketsToWallets: boolean
  userOnline: boolean
  companyStatus: boolean
  /** 'YYYY-MM-DD' or null */
  companyDueDate: string | null
  // Issue 21 (flow runtime): the contact's fields the flows read, the run on the ticket, the connection's
  // flows and the company's active phrase campaigns for this connection (one query with the rest).
  contactNumber: string
  contactEmail: string
  flowWebhook: boolean
  flowId: number | null
  lastFlowId: string | null
  hashFlowId: string | null
  dataWebhook: unknown
  flowIdWelcome: number | null
  flowIdNotPhrase: number | null
  /** The flow of the connection's integration when it is a flowbuilder one. */
  connectionFlowId: number | null
  phraseCampaigns: { id: number; flowId: number; phrase: string }[]
  /** The running flow's updated_at (its graph's version: a cached graph of that version is reused). */
  flowVersion: string | null
  // Issue 22: the integration the ticket is handed to (useIntegration on), its type, and the connection's.
  useIntegration: boolean
  integrationId: number | null
  integrationType: string | null
  connectionIntegrationId: number | null
  connectionIntegrationType: string | null
  /** The AI prompt the ticket is handed to, and the connection's (issue 22). */
  promptId: number | null
  connectionPromptId: number | null
  // Issue 22: the company's keyword auto-reply switches (company_settings, migration 0036).
  autoReply: string
  autoReplyNotRecognizedMessage: string
  autoReplyShowKeywords: string
  /**
   * A campaign's confirmation question waits for this contact's reply (any connection, any age: the
   * update in confirmCampaignReply decides). Most messages have none, and the probe is one index lookup
   * in this query instead of a statement of its own on every inbound message.
   */
  awaitsConfirmation: boolean
}

/** A queue of the connection, in menu order. */
export interface RoutingQueue {
  id: number
  name: string
  greetingMessage: string
  outOfHoursMessage: string
  closeTicket: boolean
  schedules: Schedule[]
  /** The queue's integration (issue 21: a flowbuilder one starts its flow when a ticket enters). */
  integrationId: number | null
  /** Issue 22: the file list sent after the queue's greeting. */
  fileListId: number | null
  /** Issue 22: the AI prompt that answers in the queue. */
  promptId: number | null
}

/** The ticket and its surroundings, the ticket row locked: two messages of one contact route one at a time. */
export async function loadRoutingState(sql: Queryable, ticketId: number): Promise<RoutingState | null> {
  const [row] = await routingStates(sql, sql`t.id = ${ticketId}`)
  return row ?? null
}

/**
 * The states of several tickets in one statement, each row locked as loadRoutingState locks it (in id
 * order, so two readers of overlapping sets wait instead of deadlocking): the inbound group commit reads a
 * batch's tickets at once instead of once per step (workers/inbound/ingest-batcher.ts).
 */
export async function loadRoutingStates(sql: Queryable, ticketIds: number[]): Promise<Map<number, RoutingState>> {
  const rows = ticketIds.length ? await routingStates(sql, sql`t.id = any(${ticketIds}::int[])`) : []
  return new Map(rows.map((row) => [row.ticketId, row]))
}

/** The tickets `which` picks, locked. */
function routingStates(sql: Queryable, which: Fragment) {
  return sql<RoutingState[]>`
    select t.id as ticket_id, t.company_id, t.uuid::text as uuid, t.status, t.user_id, t.queue_id, t.queue_option_id, t.is_group,
           t.is_bot, t.is_out_of_hour, t.amount_used_bot_queues, t.amount_used_bot_queues_nps, t.imported, t.contact_id,
           c.name as contact_name, c.disable_bot, c.accept_audio_message, c.lgpd_accepted_at, t.lgpd_accepted_at as ticket_lgpd_accepted_at,
           w.id as whatsapp_id, w.channel, w.greeting_message, w.complation_message, w.out_of_hours_message, w.max_use_bot_queues,
           w.send_id_queue, w.rating_message, w.max_use_bot_queues_nps, w.collective_vacation_message,
           to_char(w.collective_vacation_start, 'YYYY-MM-DD') as collective_vacation_start,
           to_char(w.collective_vacation_end, 'YYYY-MM-DD') as collective_vacation_end,
           w.schedules as connection_schedules, co.timezone, co.schedules as company_schedules,
           coalesce(s.schedule_type, 'disabled') as schedule_type,
           coalesce(s.send_queue_position, 'disabled') as send_queue_position,
           coalesce(s.send_queue_position_message, '') as send_queue_position_message,
           coalesce(s.accept_audio_message_contact, 'enabled') as accept_audio_message_contact,
           coalesce(s.enable_lgpd, 'disabled') as enable_lgpd, coalesce(s.lgpd_message, '') as lgpd_message,
           coalesce(s.lgpd_link, '') as lgpd_link, coalesce(s.lgpd_consent, 'disabled') as lgpd_consent,
           coalesce(s.user_random, 'disabled') as user_random,
           coalesce(s.auto_reply, 'disabled') as auto_reply, coalesce(s.auto_reply_not_recognized_message, '') as auto_reply_not_recognized_message,
           coalesce(s.auto_reply_show_keywords, 'disabled') as auto_reply_show_keywords,
           coalesce(s.send_greeting_message_one_queues, 'enabled') as send_greeting_message_one_queues, coalesce(s.direct_tickets_to_wallets, false) as direct_tickets_to_wallets,
           coalesce(u.online, false) as user_online, co.status as company_status,
           to_char(co.due_date, 'YYYY-MM-DD') as company_due_date,
           c.number as contact_number, c.email as contact_email,
           t.flow_webhook, t.flow_id, (select f.updated_at::text from flows f where f.id = t.flow_id and t.flow_webhook) as flow_version, t.last_flow_id, t.hash_flow_id, t.data_webhook, w.flow_id_welcome, w.flow_id_not_phrase,
           (select qi.flow_id from queue_integrations qi where qi.id = w.integration_id and qi.type = 'flowbuilder') as connection_flow_id,
           t.use_integration, t.integration_id, (select qi.type from queue_integrations qi where qi.id = t.integration_id) as integration_type,
           w.integration_id as connection_integration_id, t.prompt_id, w.prompt_id as connection_prompt_id,
           (select qi.type from queue_integrations qi where qi.id = w.integration_id) as connection_integration_type,
           coalesce((select json_agg(json_build_object('id', fc.id, 'flowId', fc.flow_id, 'phrase', fc.phrase))
                       from flow_campaigns fc
                      where fc.company_id = t.company_id and fc.status and (fc.whatsapp_id is null or fc.whatsapp_id = t.whatsapp_id)
                        and exists (select 1 from flows f where f.id = fc.flow_id and f.active)), '[]') as phrase_campaigns,
           exists (select 1 from campaign_shipping cs
                    where cs.contact_id = t.contact_id and cs.confirmation_requested_at is not null and cs.confirmed_at is null) as awaits_confirmation
      from tickets t
      join contacts c on c.id = t.contact_id
      join whatsapps w on w.id = t.whatsapp_id
      join companies co on co.id = t.company_id
      left join company_settings s on s.company_id = t.company_id
      left join users u on u.id = t.user_id
     where ${which}
     order by t.id
       for update of t`
}

/** The connection's queues in the order the menu lists them (order, then name: as GET /queue). */
export async function loadConnectionQueues(sql: Queryable, whatsappId: number): Promise<RoutingQueue[]> {
  return sql<RoutingQueue[]>`
    select q.id, q.name, q.greeting_message, q.out_of_hours_message, q.close_ticket, q.schedules, q.integration_id, q.file_list_id, q.prompt_id
      from whatsapp_queues wq join queues q on q.id = wq.queue_id
     where wq.whatsapp_id = ${whatsappId}
     order by q.order_queue nulls last, lower(q.name), q.id`
}

export async function loadQueue(sql: Queryable, queueId: number): Promise<RoutingQueue | null> {
  const [row] = await sql<RoutingQueue[]>`
    select id, name, greeting_message, out_of_hours_message, close_ticket, schedules, integration_id, file_list_id, prompt_id from queues where id = ${queueId}`
  return row ?? null
}
