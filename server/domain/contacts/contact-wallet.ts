import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertQueueExists, assertUserExists } from '../tickets/ticket-references.ts'

/** A contact's wallet: the attendant who owns the contact and the queue their tickets go to. */
export interface ContactWallet {
  contactId: number
  userId: number
  queueId: number | null
}

async function assertContact(ctx: DomainCtx, contactId: number): Promise<void> {
  const [row] = await ctx.tx`select id from contacts where id = ${contactId}`
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
}

/** GET /contacts/{contactId}/wallet: the wallet, or null when the contact has none. */
export async function showContactWallet(ctx: DomainCtx, contactId: number): Promise<ContactWallet | null> {
  await assertContact(ctx, contactId)
  const [row] = await ctx.tx<ContactWallet[]>`select contact_id, user_id, queue_id from contact_wallets where contact_id = ${contactId}`
  return row ?? null
}

/**
 * PUT /contacts/{contactId}/wallet {userId, queueId?} (admins; docs/decisions.md "Wallets"): sets the
 * contact's owner, replacing any earlier one. The user and the queue must be the company's.
 */
export async function setContactWallet(ctx: DomainCtx, contactId: number, input: { userId: number; queueId?: number | null }): Promise<ContactWallet> {
  await assertContact(ctx, contactId)
  await assertUserExists(ctx.tx, input.userId)
  await assertQueueExists(ctx.tx, input.queueId ?? null)
  const [row] = await ctx.tx<ContactWallet[]>`
    insert into contact_wallets (company_id, contact_id, user_id, queue_id)
    values (${ctx.auth.user.companyId}, ${contactId}, ${input.userId}, ${input.queueId ?? null})
    on conflict (contact_id) do update set user_id = excluded.user_id, queue_id = excluded.queue_id
    returning contact_id, user_id, queue_id`
  return row
}

/** DELETE /contacts/{contactId}/wallet: the contact has no owner any more (no error when it had none). */
export async function removeContactWallet(ctx: DomainCtx, contactId: number): Promise<void> {
  await assertContact(ctx, contactId)
  await ctx.tx`delete from contact_wallets where contact_id = ${contactId}`
}
