import { z } from 'zod'
import { idField, listQuery, nameField } from './common.schema.ts'

/** Spec part 2 §5 "Contact list": name required, 2-50 ('Too Short!', 'Too Long!'). */
export const contactListSchema = z.object({ name: nameField })

/** GET /contact-lists/ (spec part 2 §7): a page by name, searchParam in lowercase. */
export const listContactListsQuery = listQuery

export const contactListIdParam = z.object({ id: idField() })

/** The spreadsheets POST /contact-lists/{id}/upload takes (spec part 2 §5: the contact-list import accepts .xls/.xlsx). */
export const CONTACT_LIST_FILE_EXTENSIONS = ['xls', 'xlsx'] as const

export type ContactListInput = z.infer<typeof contactListSchema>
export type ListContactListsQuery = z.infer<typeof listContactListsQuery>

/** GET /contact-lists/: one row of the page. */
export interface ContactListRecord {
  id: number
  companyId: number
  name: string
  /** Items in the list. */
  contactsCount: number
  createdAt: string
  updatedAt: string
}

/** The answer of POST /contact-lists/{id}/upload. */
export interface ContactListImportResult {
  /** New items. */
  created: number
  /** Numbers the list already had, or that came earlier in the file. */
  duplicated: number
  /** Rows without a name or a number, or whose number is not a plausible phone. */
  skipped: number
  /** Data rows in the file: created + duplicated + skipped. */
  total: number
}
