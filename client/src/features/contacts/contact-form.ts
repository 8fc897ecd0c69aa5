import type { z } from 'zod'
import type { createContactSchema, updateContactSchema } from '../../../../server/routes/contacts.schema.ts'
import { emailProblem, lengthProblem } from '../../lib/validation.ts'

export interface ContactFormValues {
  name: string
  number: string
  /** Optional: empty means no email. */
  email: string
  /** The contact's tags; undefined leaves them as they are (the field is not shown). */
  tagIds?: number[]
}

export type ContactFormProblems = Partial<Record<keyof ContactFormValues, string>>

export const newContactValues = (): ContactFormValues => ({ name: '', number: '', email: '', tagIds: [] })

/** Characters people type around the digits of a phone number; anything else makes it invalid. */
const NUMBER_DECORATION = /[\s()+\-.]/g

/** The digits of a typed number, or null when it holds anything else ("+55 (11) 9 8765-4321" → digits). */
export function numberDigits(value: string): string | null {
  const digits = value.replace(NUMBER_DECORATION, '')
  return /^\d*$/.test(digits) ? digits : null
}

/**
 * Contact form (spec part 1 §5, docs/decisions.md "Contacts"): name required 2-250, number required,
 * digits only, 8-50; email optional but valid when given. Answers i18n keys.
 */
export function contactFormProblems(v: ContactFormValues): ContactFormProblems {
  const problems: ContactFormProblems = {}
  const name = lengthProblem(v.name, 2, 250)
  if (name) problems.name = name
  const digits = numberDigits(v.number)
  if (digits === null) problems.number = 'contacts.validation.numberDigits'
  else {
    const number = lengthProblem(digits, 8, 50)
    if (number) problems.number = number
  }
  if (v.email.trim()) {
    const email = emailProblem(v.email)
    if (email) problems.email = email
  }
  return problems
}

export type CreateContactBody = z.input<typeof createContactSchema>
export type UpdateContactBody = z.input<typeof updateContactSchema>

/** The body POST /contacts and PUT /contacts/{id} accept (server/routes/contacts.schema.ts). */
export function contactRequestBody(v: ContactFormValues): CreateContactBody {
  const body: CreateContactBody = { name: v.name.trim(), number: numberDigits(v.number) ?? v.number.trim(), email: v.email.trim().toLowerCase() }
  if (v.tagIds) body.tags = v.tagIds
  return body
}
