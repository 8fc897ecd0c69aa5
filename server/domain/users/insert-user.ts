import type { Queryable } from '../../db/connect.ts'
import { hashPassword } from '../../auth/password.ts'
import { AppError } from '../app-error.ts'

export interface NewUserRow {
  name: string
  email: string
  password: string
  profile?: 'admin' | 'user'
  super?: boolean
  [field: string]: unknown
}

/** Columns a create or update may set besides name/email/password (spec part 2 §3 User). */
export const userWritableFields = [
  'profile', 'startWork', 'endWork', 'farewellMessage', 'whatsappId', 'color', 'defaultTheme', 'defaultMenu',
  'defaultTicketsManagerWidth', 'allTicket', 'allowGroup', 'allHistoric', 'allUserChat', 'userClosePendingTicket',
  'showDashboard', 'allowRealTime', 'allowConnections',
] as const

/** Inserts a user row; an email already used anywhere on the platform is a 409. */
export async function insertUserRow(sql: Queryable, companyId: number, input: NewUserRow): Promise<number> {
  await assertEmailFree(sql, input.email)
  const row: Record<string, unknown> = {
    companyId,
    name: input.name,
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    super: input.super ?? false,
  }
  for (const f of userWritableFields) if (input[f] !== undefined) row[f] = input[f]
  const [created] = await sql<{ id: number }[]>`insert into users ${sql(row)} returning id`
  return created.id
}

/** Emails are unique across companies because login takes no company; checked across all tenants. */
export async function assertEmailFree(sql: Queryable, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await sql<{ taken: boolean }[]>`select email_taken(${email}, ${exceptUserId ?? null}) as taken`
  if (taken.taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'This email is already in use', { field: 'email' })
}
