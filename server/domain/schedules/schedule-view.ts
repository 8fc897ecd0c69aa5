import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'

export type ScheduleStatus = 'PENDENTE' | 'AGENDADA' | 'ENVIADA' | 'ERRO'

/** A schedule as the API answers it (spec part 1 §3 "Schedule"), with the contact and author names for the calendar. */
export interface ScheduleView {
  id: number
  body: string
  contactId: number
  sendAt: Date
  sentAt: Date | null
  status: ScheduleStatus
  sendError: string | null
  openTicket: 'enabled' | 'disabled'
  ticketUserId: number | null
  queueId: number | null
  whatsappId: number | null
  statusTicket: 'closed' | 'open'
  intervalo: number
  valorIntervalo: number
  enviarQuantasVezes: number
  tipoDias: number
  assinar: boolean
  mediaPath: string | null
  mediaName: string | null
  userId: number | null
  ticketId: number | null
  repeatCount: number
  createdAt: Date
  updatedAt: Date
  contact: { id: number; name: string }
  user: { id: number; name: string } | null
}

export const SCHEDULE_VIEW = `s.id, s.body, s.contact_id, s.send_at, s.sent_at, s.status, s.send_error, s.open_ticket,
  s.ticket_user_id, s.queue_id, s.whatsapp_id, s.status_ticket, s.intervalo, s.valor_intervalo, s.enviar_quantas_vezes,
  s.tipo_dias, s.assinar, s.media_path, s.media_name, s.user_id, s.ticket_id, s.repeat_count, s.created_at, s.updated_at,
  json_build_object('id', c.id, 'name', c.name) as contact,
  case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end as "user"`

export const SCHEDULE_FROM = 'schedules s join contacts c on c.id = s.contact_id left join users u on u.id = s.user_id'

/** One schedule of the actor's company, or 404. Every user of the company sees every schedule (the calendar). */
export async function loadSchedule(ctx: DomainCtx, id: number): Promise<ScheduleView> {
  const [row] = await ctx.tx<ScheduleView[]>`
    select ${ctx.tx.unsafe(SCHEDULE_VIEW)} from ${ctx.tx.unsafe(SCHEDULE_FROM)}
     where s.id = ${id} and s.company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', 'Schedule not found')
  return row
}

/** Who may change a schedule (docs/decisions.md "Schedules"): its author or an admin. */
export function assertMayEdit(ctx: DomainCtx, schedule: Pick<ScheduleView, 'userId'>): void {
  if (can(ctx.auth, 'admin') || schedule.userId === ctx.auth.user.id) return
  throw new AppError('ERR_NO_PERMISSION', 'Only the author or an admin changes a schedule')
}

/** Spec part 1 §4: a schedule cannot be edited once sent. */
export function assertNotSent(schedule: Pick<ScheduleView, 'sentAt'>): void {
  if (schedule.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 'A sent schedule cannot be edited')
}

/** No message carries the schedule's file yet: it may be removed with the schedule or replaced. */
export const neverSent = (s: Pick<ScheduleView, 'sentAt' | 'repeatCount'>) => !s.sentAt && s.repeatCount === 0

/**
 * The instant of a sendAt as the client wrote it: with an offset as given, without one in the company's
 * time zone (companies.timezone).
 */
export async function resolveSendAt(tx: Tx, companyId: number, sendAt: string): Promise<Date> {
  const zoned = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(sendAt)
  const [row] = zoned
    ? await tx<{ at: Date }[]>`select ${sendAt}::timestamptz as at`
    : await tx<{ at: Date }[]>`
        select (${sendAt}::timestamp at time zone (select timezone from companies where id = ${companyId})) as at`
  return row.at
}
