import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'
import { emitTag, findTagView } from '../tags/tag-view.ts'

/** The colour of a tag an import creates (the inline creation's too). */
const IMPORTED_TAG_COLOR = '#2563eb'

/**
 * The ids of the named tags, found by name whatever the case, the missing ones created (one `tag` event
 * each, so open tag pages show them). Keys are the lowercase names.
 */
export async function tagIdsByName(ctx: DomainCtx, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  if (!names.length) return ids
  const { tx } = ctx
  const companyId = ctx.auth.user.companyId
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()]
  const found = await tx<{ id: number; name: string }[]>`
    select id, name from tags where company_id = ${companyId} and lower(name) = any(${wanted.map((n) => n.toLowerCase())}::text[])`
  for (const t of found) ids.set(t.name.toLowerCase(), t.id)
  for (const name of wanted) {
    if (ids.has(name.toLowerCase())) continue
    const [created] = await tx<{ id: number }[]>`
      insert into tags (company_id, name, color) values (${companyId}, ${name}, ${IMPORTED_TAG_COLOR})
      on conflict (company_id, name) do update set name = excluded.name
      returning id`
    ids.set(name.toLowerCase(), created.id)
    const view = await findTagView(tx, companyId, created.id)
    if (view) emitTag(ctx, 'create', view)
  }
  return ids
}

/** Puts tags on contacts (pairs already known to exist in the company); existing pairs stay. */
export async function addContactTags(tx: Tx, companyId: number, pairs: { contactId: number; tagId: number }[]): Promise<void> {
  if (!pairs.length) return
  const rows = pairs.map((p) => ({ companyId, contactId: p.contactId, tagId: p.tagId }))
  for (let i = 0; i < rows.length; i += 1000) {
    await tx`insert into contact_tags ${tx(rows.slice(i, i + 1000))} on conflict (contact_id, tag_id) do nothing`
  }
}
