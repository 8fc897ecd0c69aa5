import { z } from 'zod'
import { emailField, enabledField, idField, listQuery, nameField, passwordField, timeField } from './common.schema.ts'

export const listUsersQuery = listQuery

const allTicketField = z
  .enum(['enable', 'disable', 'enabled', 'disabled'])
  .transform((v) => (v.startsWith('enable') ? 'enable' : 'disable'))

/** Fields of the user dialog (spec part 1 §5, part 2 §3 User); admin-only ones are checked in the domain. */
const userFields = {
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  companyId: idField(),
  queueIds: z.array(idField()).max(500),
  whatsappId: idField().nullable(),
  startWork: timeField,
  endWork: timeField,
  farewellMessage: z.string().max(5000),
  color: z.string().max(20).nullable(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTicketsManagerWidth: z.coerce.number().int().min(404).max(700),
  allTicket: allTicketField,
  allowGroup: z.boolean(),
  allHistoric: enabledField,
  allUserChat: enabledField,
  userClosePendingTicket: enabledField,
  showDashboard: enabledField,
  allowRealTime: enabledField,
  allowConnections: enabledField,
}

export const createUserSchema = z
  .object({ name: nameField, email: emailField, password: passwordField, ...userFields })
  .partial({ ...Object.fromEntries(Object.keys(userFields).map((k) => [k, true])) } as Record<keyof typeof userFields, true>)
export type CreateUserInput = z.infer<typeof createUserSchema>

export const updateUserSchema = z
  .object({
    name: nameField,
    email: emailField,
    // An empty password in the edit form means "keep the current one".
    password: z.union([z.literal(''), passwordField]),
    ...userFields,
  })
  .partial()
export type UpdateUserInput = z.infer<typeof updateUserSchema>

export const toggleWidthSchema = z.object({
  // The list panel is dragged between 404 and 700 px; whatever arrives is saved within that range.
  defaultTicketsManagerWidth: z.coerce.number({ error: 'Required' }).int().transform((v) => Math.min(700, Math.max(404, v))),
})
