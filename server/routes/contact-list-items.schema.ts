import { z } from 'zod'
import { emailField, idField, listQuery, nameField } from './common.schema.ts'

/** Spec part 2 §5 "Contact list item", §9 "phone 8-50 for contact items": before the number is normalised. */
const numberField = z.string({ error: 'Required' }).trim().min(8, 'Too Short!').max(50, 'Too Long!')
/** A valid email, or none ('' or null). */
const optionalEmail = z.union([z.literal(''), z.null().transform(() => ''), emailField], { error: 'Invalid email' })

/**
 * POST /contact-list-items (spec part 2 §7, "with companyId, contactListId"): the company is the
 * caller's, so a companyId sent along is ignored.
 */
export const createContactListItemSchema = z.object({
  name: nameField,
  number: numberField,
  email: optionalEmail.optional().default(''),
  contactListId: idField(),
})

/** PUT /contact-list-items/{id}: only the fields sent change; an item stays in its list. */
export const updateContactListItemSchema = z.object({
  name: nameField.optional(),
  number: numberField.optional(),
  email: optionalEmail.optional(),
})

/** GET /contact-list-items (spec part 2 §7): one list's items, a page by name. */
export const listContactListItemsQuery = listQuery.extend({ contactListId: idField() })

export const contactListItemIdParam = z.object({ id: idField() })

export type CreateContactListItemInput = z.infer<typeof createContactListItemSchema>
export type UpdateContactListItemInput = z.infer<typeof updateContactListItemSchema>
export type ListContactListItemsQuery = z.infer<typeof listContactListItemsQuery>

/** A contact list item as the API answers it (spec part 2 §3 "Contact list item"). */
export interface ContactListItemRecord {
  id: number
  companyId: number
  contactListId: number
  name: string
  number: string
  email: string
  isWhatsappValid: boolean
  createdAt: string
  updatedAt: string
}
