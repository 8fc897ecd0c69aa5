import { asSaveRefused, SaveRefused } from '../../lib/outbox-save.ts'
import type { ContactList, ContactListItem, ContactListItemBody } from './contact-lists.ts'

/**
 * The forms of contact lists and items (spec part 2 §5: list name 2-50; item name 2-50, number 8-50,
 * email valid). Here only what is missing is caught; the lengths, the number's plausibility and the
 * email come back in the server's field list (server/routes/contact-list*.schema.ts), shown under the
 * fields in the app's words.
 */

export interface ContactListFormValues {
  name: string
}

export interface ContactListItemFormValues {
  name: string
  number: string
  email: string
}

export type ItemField = keyof ContactListItemFormValues

const REQUIRED = 'contactLists.validation.required'

export const newContactListValues = (): ContactListFormValues => ({ name: '' })
export const contactListValuesOf = (l: Pick<ContactList, 'name'>): ContactListFormValues => ({ name: l.name })
export const newItemValues = (): ContactListItemFormValues => ({ name: '', number: '', email: '' })
export const itemValuesOf = (i: Pick<ContactListItem, 'name' | 'number' | 'email'>): ContactListItemFormValues => ({ name: i.name, number: i.number, email: i.email })

export function contactListFormProblems(v: ContactListFormValues): Partial<Record<'name', string>> {
  return v.name.trim() ? {} : { name: REQUIRED }
}

export function itemFormProblems(v: ContactListItemFormValues): Partial<Record<ItemField, string>> {
  const p: Partial<Record<ItemField, string>> = {}
  if (!v.name.trim()) p.name = REQUIRED
  if (!v.number.trim()) p.number = REQUIRED
  return p
}

/** The JSON of POST and PUT /contact-list-items: trimmed; the server normalises the number. */
export function itemRequestBody(v: ContactListItemFormValues): ContactListItemBody {
  return { name: v.name.trim(), number: v.number.trim(), email: v.email.trim() }
}

/** The server's field messages (its zod schemas and the number rule) as this feature's i18n keys. */
const SERVER_MESSAGES: Record<string, string> = {
  Required: REQUIRED,
  'Too Short!': 'contactLists.validation.tooShort',
  'Too Long!': 'contactLists.validation.tooLong',
  'Invalid email': 'contactLists.validation.invalidEmail',
  'Invalid number': 'contactLists.validation.invalidNumber',
  'Caractere inválido': 'contactLists.validation.invalidCharacter',
}

/** One field reason as shown: a known server message in the app's words, an error code's text, else as sent. */
export const fieldMessageKey = (message: string) => SERVER_MESSAGES[message] ?? message

/**
 * A refused save as the dialog shows it: the field list under its fields (SaveRefused, no toast); any
 * other failure as it was (the caller toasts it).
 */
export function refusalOf(err: unknown): unknown {
  const refused = asSaveRefused(err)
  if (!(refused instanceof SaveRefused)) return refused
  const fields = Object.fromEntries(Object.entries(refused.fields).map(([f, m]) => [f, fieldMessageKey(m)]))
  return new SaveRefused(refused.status, refused.code ?? 'ERR', refused.message, refused.body, fields)
}
