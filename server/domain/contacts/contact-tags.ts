import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { findContactView, type ContactView } from './contact-view.ts'
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
  const ids = [...new Set(tagIds)]
  if (ids.length) {
    const [r] = await tx<{ n: number }[]>`select count(*)::int as n from tags where company_id = ${companyId} and id = any(${ids}::int[])`
    if (r.n !== ids.length) throw new AppError('ERR_VALIDATION', 'tags: Unknown tag', { fields: [{ field: 'tags', message: 'Unknown tag' }] })
  }
  await tx`delete from contact_tags where contact_id = ${contactId} and tag_id <> all(${ids}::int[])`
  for (const tagId of ids) {
    await tx`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${contactId}, ${tagId})
             on conflict (contact_id, tag_id) do nothing`
  }
  return emitted(ctx, 'update', contactId)
}
