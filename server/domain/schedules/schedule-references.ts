import type { ScheduleInput } from '../../routes/schedules.schema.ts'
import { AppError, type ErrorCode } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/**
 * The contact, ticket user, queue and connection a schedule names must be the company's: a foreign key
 * alone would accept another company's row.
 */
export async function assertScheduleReferences(ctx: DomainCtx, input: ScheduleInput): Promise<void> {
  const { tx } = ctx
  const companyId = ctx.auth.user.companyId
  await exists(tx`select 1 from contacts where id = ${input.contactId} and company_id = ${companyId}`, 'ERR_NO_CONTACT_FOUND')
  if (input.ticketUserId) await exists(tx`select 1 from users where id = ${input.ticketUserId} and company_id = ${companyId}`, 'ERR_NO_USER_FOUND')
  if (input.queueId) await exists(tx`select 1 from queues where id = ${input.queueId} and company_id = ${companyId}`, 'ERR_NOT_FOUND')
  if (input.whatsappId) await exists(tx`select 1 from whatsapps where id = ${input.whatsappId} and company_id = ${companyId}`, 'ERR_NO_WAPP_FOUND')
}

async function exists(query: PromiseLike<readonly unknown[]>, code: ErrorCode): Promise<void> {
  const rows = await query
  if (!rows.length) throw new AppError(code)
}
