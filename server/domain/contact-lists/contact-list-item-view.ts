import type { Queryable } from '../../db/connect.ts'
import type { ContactListItemRecord } from '../../routes/contact-list-items.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'

export type ContactListItemView = ContactListItemRecord

export const ITEM_COLUMNS = 'i.id, i.company_id, i.contact_list_id, i.name, i.number, i.email, i.is_whatsapp_valid, i.created_at, i.updated_at'

/** The company's item, or null. */
export async function findContactListItem(sql: Queryable, companyId: number, id: number): Promise<ContactListItemView | null> {
  const [row] = await sql<ContactListItemView[]>`
    select ${sql.unsafe(ITEM_COLUMNS)} from contact_list_items i where i.id = ${id} and i.company_id = ${companyId}`
  return row ?? null
}

/** GET /contact-list-items/{id} (spec part 2 §7): 404 ERR_NOT_FOUND when absent or another company's. */
export async function showContactListItem(ctx: DomainCtx, id: number): Promise<ContactListItemView> {
  const item = await findContactListItem(ctx.tx, ctx.auth.user.companyId, id)
  if (!item) throw new AppError('ERR_NOT_FOUND', `Contact list item ${id} not found`)
  return item
}

/**
 * Live event `contactListItem` (spec part 2 §7, company-{id}-ContactListItem, the company's admins):
 * {action, record} on create and update, {action: 'delete', id, contactListId} on delete, and after a
 * spreadsheet import one {action: 'import', contactListId, created} (open pages read the list again)
 * instead of one event per row.
 */
export function emitContactListItem(ctx: DomainCtx, action: 'create' | 'update', record: ContactListItemView): void {
  ctx.emit({ type: 'contactListItem', companyId: record.companyId, payload: { action, record } })
}

export function emitContactListItemDeleted(ctx: DomainCtx, item: Pick<ContactListItemView, 'id' | 'contactListId'>): void {
  ctx.emit({ type: 'contactListItem', companyId: ctx.auth.user.companyId, payload: { action: 'delete', id: item.id, contactListId: item.contactListId } })
}

export function emitContactListImport(ctx: DomainCtx, contactListId: number, created: number): void {
  ctx.emit({ type: 'contactListItem', companyId: ctx.auth.user.companyId, payload: { action: 'import', contactListId, created } })
}
