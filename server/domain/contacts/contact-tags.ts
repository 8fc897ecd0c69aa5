import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { findContactView, type ContactView } from './contact-view.ts'
import { replaceContactTags } from './contact-tag-set.ts'
import { emitted } from './save-contact.ts'

/** GET /contactTags/{contactId} (spec part 1 §7): the contact's tags. */
export async function listContactTags(ctx: DomainCtx, contactId: number): Promise<{ tags: ContactView['tags'] }> {
  const contact = await findContactView(ctx.tx, ctx.auth.user.companyId, contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  return { tags: contact.tags }
}

/**
 * POST /tags/sync {contactId, tags} (spec part 1 §7): the contact's tags become exactly those sent.
 * Every tag must be one of the company's (else 400 ERR_VALIDATION, nothing changes).
 */
export async function syncContactTags(ctx: DomainCtx, contactId: number, tagIds: number[]): Promise<ContactView> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  const contact = await findContactView(tx, companyId, contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  await replaceContactTags(tx, companyId, contactId, tagIds)
  return emitted(ctx, 'update', contactId)
}
