import type { Tx } from '../server/db/connect.ts'
import type { Db } from '../server/db/tenant.ts'
import { withSystem } from '../server/db/tenant.ts'
import { AppError } from '../server/domain/app-error.ts'
import { sendSchedule, type DueSchedule } from '../server/domain/schedules/send-schedule.ts'
import { automationRuns } from '../server/domain/companies/company-standing.ts'

export interface ScheduleSweepResult {
  sent: number
  failed: number
  /** Recurrences more than a day late, moved on to their next time without sending. */
  moved: number
}

export interface ScheduleSweepOptions {
  /** At most this many schedules a run; the rest wait for the next minute. */
  limit?: number
  log?: (message: string, err?: unknown) => void
}

/**
 * Sends the due schedules (status PENDENTE, send_at reached), across companies, every minute
 * (workers/scheduler.ts), of companies whose plan has useSchedules and that are active and paid
 * (company-standing.ts: an expired company's schedules wait, and then the lateness rule applies). Each schedule is claimed in its own transaction with FOR UPDATE SKIP LOCKED and
 * leaves it ENVIADA, PENDENTE at a later time, or ERRO: two workers sweeping at once never send one
 * twice. A schedule that cannot be sent (AppError) is ERRO with the code in send_error; an unknown
 * error is logged and the schedule stays PENDENTE for the next run.
 */
export async function sweepDueSchedules(db: Db, now: Date, opts: ScheduleSweepOptions = {}): Promise<ScheduleSweepResult> {
  const limit = opts.limit ?? 200
  const result: ScheduleSweepResult = { sent: 0, failed: 0, moved: 0 }
  // Handled in this run: a recurrence that is due again at once waits for the next run.
  const handled: number[] = []
  while (handled.length < limit) {
    const claimed = handled.length
    const outcome = await withSystem(db, (tx) => sendNextDue(tx, now, handled)).catch((err: unknown) => {
      opts.log?.(`schedule sweep: schedule ${handled[claimed] ?? '-'} failed: ${(err as Error).message}`, err)
      // Past a schedule that failed, the sweep goes on; a failure before any claim (database down) ends it.
      return handled.length > claimed ? ('skipped' as const) : ('stop' as const)
    })
    if (outcome === 'none' || outcome === 'stop') break
    if (outcome !== 'skipped') result[outcome]++
  }
  return result
}

async function sendNextDue(tx: Tx, now: Date, handled: number[]): Promise<'sent' | 'failed' | 'moved' | 'none'> {
  const [due] = await tx<DueSchedule[]>`
    select s.id, s.company_id, s.body, s.contact_id, s.send_at, s.open_ticket, s.status_ticket, s.ticket_user_id,
           s.queue_id, s.whatsapp_id, s.intervalo, s.valor_intervalo, s.enviar_quantas_vezes, s.tipo_dias, s.assinar,
           s.media_path, s.media_name, s.user_id, s.repeat_count, c.timezone
      from schedules s join companies c on c.id = s.company_id join plans p on p.id = c.plan_id
     where s.status = 'PENDENTE' and s.send_at <= ${now} and s.id <> all(${handled}::int[]) and p.use_schedules
       and ${automationRuns(tx, now)}
     order by s.send_at, s.id limit 1
       for update of s skip locked`
  if (!due) return 'none'
  handled.push(due.id)
  try {
    const sent = await tx.savepoint((sp) => sendSchedule(sp, due, now))
    return sent ? 'sent' : 'moved'
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    await tx`update schedules set status = 'ERRO', send_error = ${err.code} where id = ${due.id}`
    return 'failed'
  }
}
