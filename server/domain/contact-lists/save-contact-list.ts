import type { ContactListInput } from '../../routes/contact-lists.schema.ts'
import type { DomainCtx } from '../context.ts'
import { emitContactList, emitContactListDeleted, findContactList, showContactList, type ContactListView } from './contact-list-view.ts'

/** POST /contact-lists (spec part 2 §7): a new, empty list. */
export async function createContactList(ctx: DomainCtx, input: ContactListInput): Promise<ContactListView> {
  const companyId = ctx.auth.user.companyId
  const [row] = await ctx.tx<{ id: number }[]>`insert into contact_lists (company_id, name) values (${companyId}, ${input.name}) returning id`
  const list = (await findContactList(ctx.tx, companyId, row.id))!
  emitContactList(ctx, 'create', list)
  return list
}

/** PUT /contact-lists/{id} (spec part 2 §7): renames the list; 404 when it is not the company's. */
export async function updateContactList(ctx: DomainCtx, id: number, input: ContactListInput): Promise<ContactListView> {
  await showContactList(ctx, id)
  await ctx.tx`update contact_lists set name = ${input.name} where id = ${id}`
  const list = (await findContactList(ctx.tx, ctx.auth.user.companyId, id))!
  emitContactList(ctx, 'update', list)
  return list
}

/**
 * DELETE /contact-lists/{id} (spec part 2 §7): the list and its items (cascade); campaigns that named it
 * keep their rows with no list (set null), and their shipping rows lose the item link, not the number.
 */
export async function deleteContactList(ctx: DomainCtx, id: number): Promise<void> {
  await showContactList(ctx, id)
  await ctx.tx`delete from contact_lists where id = ${id}`
  emitContactListDeleted(ctx, id)
}
