import { z } from 'zod'
import { tagNamesOf } from '../domain/contacts/import-columns.ts'
import { idField, listQuery } from './common.schema.ts'

const id = idField()

/** A form or query field holding a JSON list; absent or empty is undefined. */
function jsonList<T extends z.ZodType>(list: T, message: string, maxChars: number) {
  return z
    .string()
    .max(maxChars)
    .optional()
    .transform((v, ctx): z.infer<T> | undefined => {
      if (!v) return undefined
      try {
        const parsed = list.safeParse(JSON.parse(v))
        if (parsed.success) return parsed.data
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })
}

/** GET /contacts (spec part 1 §7, part 2 §7): contactTag is a JSON list of tag ids. */
export const listContactsQuery = listQuery.extend({
  contactTag: jsonList(z.array(id).max(200), 'Invalid tag list', 2000),
  channel: z.enum(['whatsapp', 'facebook', 'instagram', 'simulator']).optional(),
  isGroup: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
})
export type ListContactsQuery = z.infer<typeof listContactsQuery>

export const contactOptionsQuery = listQuery.pick({ searchParam: true })

/** Contact form (spec part 1 §5): name 2-250 (the wider reading), number 8-50, email valid or empty. */
const nameField = z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(250, 'Too Long!')
const numberField = z.string({ error: 'Required' }).trim().min(8, 'Too Short!').max(50, 'Too Long!')
const emailField = z.union([
  z.literal(''),
  z.string().trim().toLowerCase().pipe(z.email('Invalid email')).pipe(z.string().max(254, 'Too Long!')),
], { error: 'Invalid email' })
const extraInfoField = z
  .array(
    z.object({
      id: id.optional(),
      name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
      value: z.coerce.string().max(1000, 'Too Long!'),
    }),
  )
  .max(100, 'Too many fields')

/** Tags as the client holds them ({id, ...}) or as bare ids. */
const tagIdsField = z.array(z.union([id, z.object({ id }).transform((t) => t.id)])).max(200, 'Too many tags')

const contactFields = {
  email: emailField,
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  extraInfo: extraInfoField,
  tags: tagIdsField,
  // Sent by the client; the company always comes from the session.
  companyId: z.unknown(),
}

export const createContactSchema = z.object({ name: nameField, number: numberField, ...contactFields }).partial({
  email: true,
  disableBot: true,
  acceptAudioMessage: true,
  extraInfo: true,
  tags: true,
  companyId: true,
})
export type CreateContactInput = z.infer<typeof createContactSchema>

export const updateContactSchema = z.object({ name: nameField, number: numberField, ...contactFields }).partial()
export type UpdateContactInput = z.infer<typeof updateContactSchema>

export const blockContactSchema = z.object({ active: z.boolean({ error: 'Required' }) })
export const contactIdParam = z.object({ contactId: id })
/** PUT /contacts/{contactId}/wallet (ours, docs/decisions.md "Wallets"): the owner and, optionally, the queue. */
export const contactWalletSchema = z.object({ userId: id, queueId: id.nullable().optional() })
export const profileParam = z.object({ number: z.string().min(1).max(50) })

/** POST /tags/sync: tags as the client holds them ({id, ...}) or as bare ids. */
export const syncTagsSchema = z.object({
  contactId: id,
  tags: tagIdsField,
})

const textOrNumber = z.union([z.string(), z.number()], { error: 'Required' }).transform(String)
/**
 * POST /contactsImport (spec part 2 §3 Contact import row, §7): one row of the import page. The number
 * may come from a spreadsheet as a number; validateContact as the anchor's client sends it ("true").
 */
export const importContactSchema = z.object({
  name: textOrNumber.pipe(z.string().trim().min(1, 'Required').max(250, 'Too Long!')),
  number: textOrNumber.pipe(numberField),
  email: z.union([emailField, z.null().transform(() => '')]).optional(),
  /** Tag names: one cell as the file holds it ("VIP, Lead") or a list. */
  tags: z
    .union([z.string().max(2000, 'Too Long!'), z.array(z.string().max(50, 'Too Long!')).max(50, 'Too many tags')])
    .optional()
    .transform((v) => (v === undefined ? undefined : tagNamesOf(Array.isArray(v) ? v.join(',') : v))),
  validateContact: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
})
export type ImportContactInput = z.infer<typeof importContactSchema>

/** POST /contacts/upload: the optional column mapping sent beside the file (a column name per field). */
const columnField = z.string().trim().max(200, 'Too Long!').optional().transform((v) => v || undefined)
/** The data rows chosen on the import page: a JSON list of 0-based indexes; all rows when absent. */
const chosenRowsField = jsonList(z.array(z.number().int().min(0)).max(200_000), 'Invalid row list', 2_000_000)
export const contactUploadSchema = z.object({ name: columnField, number: columnField, email: columnField, tags: columnField, rows: chosenRowsField })
export type ContactUploadInput = z.infer<typeof contactUploadSchema>

/** POST /contacts/import and /contacts/import/chats: optionally one connection (default: all of the company's). */
export const phoneImportSchema = z.object({ whatsappId: idField().optional() })
