import { AppError } from '../app-error.ts'
import { emitted } from '../contacts/save-contact.ts'
import type { DomainCtx } from '../context.ts'
import { emitTag, showTag, type TagView } from './tag-view.ts'

/**
 * DELETE /tags-contacts/{tagId}/{contactId} (spec part 2 §7, the tag-contacts dialog): takes one contact
 * off a tag. Any user may, as any user sets a contact's tags through POST /tags/sync. Both must be the
 * company's (404 ERR_NO_TAG_FOUND, ERR_NO_CONTACT_FOUND); a contact without the tag changes nothing.
 * Answers the tag with its new counts.
 */
export async function removeTagContact(ctx: DomainCtx, tagId: number, contactId: number): Promise<TagView> {
  const { tx, auth } = ctx
  await showTag(ctx, tagId)
  const [contact] = await tx`select id from contacts where id = ${contactId} and company_id = ${auth.user.companyId}`
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND')
  const removed = await tx`delete from contact_tags where tag_id = ${tagId} and contact_id = ${contactId} returning tag_id`
  const tag = await showTag(ctx, tagId)
  if (removed.length === 0) return tag
  emitTag(ctx, 'update', tag)
  // The contact's tag list changed too: its screens (drawer, contacts list) upsert it.
  await emitted(ctx, 'update', contactId)
  return tag
}
