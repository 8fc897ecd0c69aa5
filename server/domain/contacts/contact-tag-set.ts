import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/**
 * A contact's tags become exactly `tagIds` (POST /tags/sync, and the contact dialog's `tags` on
 * POST/PUT /contacts). Every tag must be one of the company's, else 400 ERR_VALIDATION naming `tags`
 * before anything changes.
 */
export async function replaceContactTags(tx: Tx, companyId: number, contactId: number, tagIds: number[]): Promise<void> {
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
}
