import type { Tx } from '../../db/connect.ts'
import type { CreateContactListItemInput, UpdateContactListItemInput } from '../../routes/contact-list-items.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { contactNumberFor } from '../contacts/contact-number.ts'
import type { NumberChecker } from '../contacts/number-check.ts'
import {
  emitContactListItem, emitContactListItemDeleted, findContactListItem, showContactListItem, type ContactListItemView,
} from './contact-list-item-view.ts'
import { emitContactListCount, showContactList } from './contact-list-view.ts'
import { checkValidity } from './whatsapp-validity.ts'

/** The number as contacts store it (spec part 1 §5): digits, Brazilian ninth digit, plausible, else 400 `number: Invalid number`. */
export const itemNumber = (number: string) => contactNumberFor('whatsapp', false, number)

/**
 * POST /contact-list-items (spec part 2 §7): a person added to one of the company's lists, the number
 * normalised as contacts are and checked on WhatsApp (whatsapp-validity.ts). A number the list has is
 * 409 ERR_CONTACT_LIST_ITEM_DUPLICATED.
 */
export async function createContactListItem(ctx: DomainCtx, input: CreateContactListItemInput, numbers?: NumberChecker): Promise<ContactListItemView> {
  const { tx } = ctx
  const companyId = ctx.auth.user.companyId
  await showContactList(ctx, input.contactListId)
  const number = itemNumber(input.number)
  await assertNumberFree(tx, input.contactListId, number, 0)
  const valid = (await checkValidity(tx, companyId, [number], numbers)).get(number) ?? false
  const [row] = await duplicateAsAppError(tx<{ id: number }[]>`
    insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
    values (${companyId}, ${input.contactListId}, ${input.name}, ${number}, ${input.email}, ${valid}) returning id`)
  const item = (await findContactListItem(tx, companyId, row.id))!
  emitContactListItem(ctx, 'create', item)
  await emitContactListCount(ctx, item.contactListId)
  return item
}

/**
 * PUT /contact-list-items/{id} (spec part 2 §7): only the fields sent change. A new number is normalised,
 * must be free in the list, and is checked on WhatsApp again; an unchanged number keeps its validity.
 */
export async function updateContactListItem(
  ctx: DomainCtx,
  id: number,
  input: UpdateContactListItemInput,
  numbers?: NumberChecker,
): Promise<ContactListItemView> {
  const { tx } = ctx
  const current = await showContactListItem(ctx, id)
  const changes: Record<string, unknown> = {}
  if (input.name !== undefined) changes.name = input.name
  if (input.email !== undefined) changes.email = input.email
  if (input.number !== undefined) {
    const number = itemNumber(input.number)
    if (number !== current.number) {
      await assertNumberFree(tx, current.contactListId, number, id)
      changes.number = number
      changes.isWhatsappValid = (await checkValidity(tx, current.companyId, [number], numbers)).get(number) ?? false
    }
  }
  if (Object.keys(changes).length === 0) return current
  await duplicateAsAppError(tx`update contact_list_items set ${tx(changes)} where id = ${id}`)
  const item = (await findContactListItem(tx, current.companyId, id))!
  emitContactListItem(ctx, 'update', item)
  return item
}

/** DELETE /contact-list-items/{id} (spec part 2 §7). */
export async function deleteContactListItem(ctx: DomainCtx, id: number): Promise<void> {
  const current = await showContactListItem(ctx, id)
  await ctx.tx`delete from contact_list_items where id = ${id}`
  emitContactListItemDeleted(ctx, current)
  await emitContactListCount(ctx, current.contactListId)
}

/** A number appears once per list (migration 0004 unique (contact_list_id, number)). */
async function assertNumberFree(tx: Tx, contactListId: number, number: string, exceptId: number): Promise<void> {
  const [row] = await tx`select 1 from contact_list_items where contact_list_id = ${contactListId} and number = ${number} and id <> ${exceptId}`
  if (row) throw duplicated()
}

const duplicated = () =>
  new AppError('ERR_CONTACT_LIST_ITEM_DUPLICATED', 'This number is already in the list', { field: 'number' })

/** A race past assertNumberFree ends on the unique key: still ERR_CONTACT_LIST_ITEM_DUPLICATED. */
async function duplicateAsAppError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw duplicated()
    throw err
  }
}
