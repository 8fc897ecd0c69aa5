import type { Tx } from '../../db/connect.ts'
import type { ChannelKind } from '../../../workers/channels/types.ts'
import { AppError } from '../app-error.ts'
import { enqueueSend } from '../outbound/enqueue-send.ts'
import { fillTemplate } from '../messages/fill-template.ts'
import { ticketForAutomatedSend } from '../tickets/automated-send-ticket.ts'
import { nextSendAt, sendsAgain } from './next-send-at.ts'
import type { ScheduleView } from './schedule-view.ts'

/** A due schedule as the sweep claims it (workers/schedule-sweep.ts), with its company's time zone. */
export type DueSchedule = Pick<
  ScheduleView,
  | 'id' | 'body' | 'contactId' | 'sendAt' | 'openTicket' | 'statusTicket' | 'ticketUserId' | 'queueId' | 'whatsappId'
  | 'intervalo' | 'valorIntervalo' | 'enviarQuantasVezes' | 'tipoDias' | 'assinar' | 'mediaPath' | 'mediaName' | 'userId' | 'repeatCount'
> & { companyId: number; timezone: string }

export interface ScheduleSent {
  messageId: number
  ticketId: number
  /** The next send of a recurring schedule, or null once it is ENVIADA. */
  nextSendAt: Date | null
}

/**
 * One send of a due schedule (spec part 1 §3, §9; anchor MF handleSendScheduledMessage): on the schedule's
 * connection or the company's default, to the contact's live ticket, found or created; the message goes
 * through the outbound queue as the schedule's author. Then the schedule is ENVIADA, or PENDENTE at its
 * next time while a recurrence has sends left. Missed occurrences are not sent in a burst (latestOccurrence),
 * and nothing goes out more than a day late (null: a recurrence moved on to its next time). Throws
 * AppError when it cannot be sent (the sweep records ERRO), ERR_SCHEDULE_TOO_LATE included.
 */
export async function sendSchedule(tx: Tx, due: DueSchedule, now: Date): Promise<ScheduleSent | null> {
  const s = latestOccurrence(due, now)
  if (now.getTime() - s.sendAt.getTime() > SCHEDULE_MAX_LATENESS_MS) {
    // Too late to be useful: a one-off (or a recurrence's last send) ends ERRO; a recurrence moves on.
    if (!sendsAgain(s)) throw new AppError('ERR_SCHEDULE_TOO_LATE', `due at ${s.sendAt.toISOString()}`)
    await tx`update schedules set repeat_count = ${s.repeatCount + 1}, send_at = ${nextSendAt(s.sendAt, s, s.timezone)} where id = ${s.id}`
    return null
  }
  const connection = await loadConnection(tx, s)
  const [contact] = await tx<{ id: number; name: string; isGroup: boolean }[]>`
    select id, name, is_group from contacts where id = ${s.contactId} and company_id = ${s.companyId}`
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  const rule = { companyId: s.companyId, openTicket: s.openTicket, statusTicket: s.statusTicket, ticketUserId: s.ticketUserId, queueId: s.queueId, actorUserId: s.userId ?? null }
  const ticket = await ticketForAutomatedSend(tx, rule, connection, contact, now)
  const [author] = s.userId ? await tx<{ name: string }[]>`select name from users where id = ${s.userId}` : []
  const text = fillTemplate(s.body.trim(), contact.name)
  const message = await enqueueSend(tx, {
    companyId: s.companyId,
    ticketId: ticket.id,
    whatsappId: connection.id,
    contactId: contact.id,
    channel: connection.channel,
    body: s.assinar && author ? `*${author.name}:*\n${text}` : text,
    ...scheduleMedia(s),
    userId: s.userId,
    isSystem: false,
    now,
  })
  const again = sendsAgain(s)
  const next = again ? nextSendAt(s.sendAt, s, s.timezone) : null
  await tx`
    update schedules set ticket_id = ${ticket.id}, repeat_count = ${s.repeatCount + 1}, send_error = null,
           status = ${again ? 'PENDENTE' : 'ENVIADA'}, send_at = coalesce(${next}::timestamptz, send_at),
           sent_at = ${again ? null : now}::timestamptz
     where id = ${s.id}`
  return { messageId: message.id, ticketId: ticket.id, nextSendAt: next }
}

/** A schedule more than this late is not sent (the worker or the plan was off): a day, then it is stale. */
export const SCHEDULE_MAX_LATENESS_MS = 24 * 60 * 60 * 1000
/** Bounds the catch-up walk (a one-minute recurrence missed for two weeks). */
const MAX_SKIPPED = 20_000

/**
 * The latest occurrence of a recurrence that is due by `now`: the ones missed before it count as used
 * (repeatCount) and are never sent, so a daily reminder missed for three days goes out once, not three
 * times in three minutes. A one-off schedule is itself.
 */
export function latestOccurrence(s: DueSchedule, now: Date): DueSchedule {
  let current = s
  for (let i = 0; i < MAX_SKIPPED && sendsAgain(current); i++) {
    const next = nextSendAt(current.sendAt, current, current.timezone)
    if (next > now) break
    current = { ...current, sendAt: next, repeatCount: current.repeatCount + 1 }
  }
  return current
}

async function loadConnection(tx: Tx, s: DueSchedule): Promise<{ id: number; channel: ChannelKind }> {
  const [connection] = s.whatsappId
    ? await tx<{ id: number; channel: ChannelKind }[]>`
        select id, channel from whatsapps where id = ${s.whatsappId} and company_id = ${s.companyId}`
    : await tx<{ id: number; channel: ChannelKind }[]>`
        select id, channel from whatsapps where company_id = ${s.companyId} and is_default order by id limit 1`
  if (!connection) throw new AppError(s.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND')
  return connection
}

/** The schedule's image (png, jpg or jpeg, spec part 1 §5) as the message's media. */
function scheduleMedia(s: DueSchedule) {
  if (!s.mediaPath) return {}
  const mimeType = s.mediaPath.endsWith('.png') ? 'image/png' : 'image/jpeg'
  return {
    mediaType: 'image',
    kind: 'media' as const,
    media: { fileName: s.mediaPath, originalName: s.mediaName ?? s.mediaPath },
    extra: { mimeType },
  }
}
