import type { Queryable } from '../../db/connect.ts'
import type { ContactListRecord } from '../../routes/contact-lists.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

export type ContactListView = ContactListRecord

/** The columns of a ContactListView over `contact_lists l`; the count reads the (contact_list_id, number) index. */
export const contactListColumns = (sql: Queryable) => sql`
  l.id, l.company_id, l.name, l.created_at, l.updated_at,
  (select count(*)::int from contact_list_items i where i.contact_list_id = l.id) as contacts_count`

/** The company's list, or null: another company's list is not found, whatever RLS would say. */
export async function findContactList(sql: Queryable, companyId: number, id: number): Promise<ContactListView | null> {
  const [row] = await sql<ContactListView[]>`select ${contactListColumns(sql)} from contact_lists l where l.id = ${id} and l.company_id = ${companyId}`
  return row ?? null
}

/** GET /contact-lists/{id} (spec part 2 §7): 404 ERR_NOT_FOUND when absent or another company's. */
export async function showContactList(ctx: DomainCtx, id: number): Promise<ContactListView> {
  const list = await findContactList(ctx.tx, ctx.auth.user.companyId, id)
  if (!list) throw new AppError('ERR_NOT_FOUND', `Contact list ${id} not found`)
  return list
}

/**
 * Live event `contactList` (spec part 2 §7 "Live events", sent as company-{id}-ContactList to the
 * company's admins): lists upsert the record on create and update and drop the id on delete.
 */
export function emitContactList(ctx: DomainCtx, action: 'create' | 'update', record: ContactListView): void {
  ctx.emit({ type: 'contactList', companyId: record.companyId, payload: { action, record } })
}

export function emitContactListDeleted(ctx: DomainCtx, id: number): void {
  ctx.emit({ type: 'contactList', companyId: ctx.auth.user.companyId, payload: { action: 'delete', id } })
}

/** After its items changed: the list's contactsCount, told to the lists page. */
export async function emitContactListCount(ctx: DomainCtx, id: number): Promise<void> {
  const list = await findContactList(ctx.tx, ctx.auth.user.companyId, id)
  if (list) emitContactList(ctx, 'update', list)
}
