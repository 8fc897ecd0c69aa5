import type { Tx } from '../../db/connect.ts'
import type { QueueSchedule } from '../../routes/queues.schema.ts'
import { AppError } from '../app-error.ts'
import type { AuthContext } from '../auth/auth-context.ts'
import { throwIfIssues, type FieldIssue } from '../chatbots/chatbot-rules.ts'
import { assertPlanFeature } from '../permissions.ts'

const WEEKDAYS: [string, string][] = [
  ['Segunda-feira', 'monday'], ['Terça-feira', 'tuesday'], ['Quarta-feira', 'wednesday'], ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'], ['Sábado', 'saturday'], ['Domingo', 'sunday'],
]

/** A new queue's hours: 08:00-12:00 and 13:00-18:00 every weekday (spec part 2 §3 "Weekly schedule entry"). */
export function defaultQueueSchedules(): QueueSchedule[] {
  return WEEKDAYS.map(([weekday, weekdayEn]) => ({
    weekday, weekdayEn: weekdayEn as QueueSchedule['weekdayEn'], startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00',
  }))
}

/** A plan's `queues` caps how many a company has (spec part 2 §1). A company without a plan has no cap. */
export async function assertQueueLimit(tx: Tx, companyId: number): Promise<void> {
  const [r] = await tx<{ used: number; allowed: number | null }[]>`
    select (select count(*)::int from queues where company_id = ${companyId}) as used,
           (select p.queues from companies c join plans p on p.id = c.plan_id where c.id = ${companyId}) as allowed`
  if (r.allowed !== null && r.used >= r.allowed) {
    throw new AppError('ERR_PLAN_LIMIT_QUEUES', `The plan allows ${r.allowed} queues`, { limit: r.allowed })
  }
}

/**
 * Names and colours are unique within a company (spec part 2 §5; the anchor checks both): a taken
 * colour is ERR_QUEUE_COLOR_ALREADY_EXISTS, a taken name (case-insensitive) ERR_NAME_ALREADY_EXISTS.
 */
export async function assertNameAndColorFree(tx: Tx, companyId: number, fields: { name?: string; color?: string }, exceptId = 0) {
  if (fields.name !== undefined) {
    const [taken] = await tx`
      select 1 from queues where company_id = ${companyId} and lower(name) = lower(${fields.name}) and id <> ${exceptId}`
    if (taken) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A queue with this name already exists', { field: 'name' })
  }
  if (fields.color !== undefined) {
    const [taken] = await tx`
      select 1 from queues where company_id = ${companyId} and lower(color) = lower(${fields.color}) and id <> ${exceptId}`
    if (taken) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'Another queue uses this color', { field: 'color' })
  }
}

/** The integration and file list must be the company's (read through RLS); an integration needs the plan's flag. */
export async function assertQueueReferences(tx: Tx, auth: AuthContext, refs: { integrationId?: number | null; fileListId?: number | null }) {
  const issues: FieldIssue[] = []
  if (refs.integrationId != null) {
    const [found] = await tx`select 1 from queue_integrations where id = ${refs.integrationId}`
    if (!found) issues.push({ field: 'integrationId', message: 'Unknown record' })
  }
  if (refs.fileListId != null) {
    const [found] = await tx`select 1 from files where id = ${refs.fileListId}`
    if (!found) issues.push({ field: 'fileListId', message: 'Unknown record' })
  }
  throwIfIssues(issues)
  if (refs.integrationId != null) assertPlanFeature(auth, 'useIntegrations')
}

/**
 * With more than one queue the customer picks one from the greeting, so a queue saved then must have a
 * greeting message (spec part 2 §5 Queue: ERR_WAPP_GREETING_REQUIRED). `exceptId` is the queue being
 * saved (0 for a new one); only that queue is checked, as the anchor does.
 */
export async function assertGreetingWhenSeveral(tx: Tx, companyId: number, greeting: string, exceptId: number): Promise<void> {
  if (greeting.trim()) return
  const [r] = await tx<{ others: number }[]>`select count(*)::int as others from queues where company_id = ${companyId} and id <> ${exceptId}`
  if (r.others > 0) {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is required when the company has more than one queue', { field: 'greetingMessage' })
  }
}
