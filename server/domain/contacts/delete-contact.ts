import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

/**
 * DELETE /contacts/{id} (spec part 2 §7; permission contacts:delete, checked by the route). Its tickets,
 * messages, notes, extraInfo and tags go with it (foreign keys cascade).
 */
export async function deleteContact(ctx: DomainCtx, contactId: number): Promise<void> {
  const companyId = ctx.auth.user.companyId
  const [row] = await ctx.tx`delete from contacts where id = ${contactId} and company_id = ${companyId} returning id`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
  ctx.emit({ type: 'contact', companyId, payload: { action: 'delete', contactId } })
}
