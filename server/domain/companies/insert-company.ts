import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { insertDefaultCompanySettings } from '../company-settings/company-settings.ts'

export interface NewCompanyRow {
  name: string
  planId: number
  email?: string | null
  phone?: string | null
  status?: boolean
  dueDate?: string | null
  recurrence?: string
  document?: string | null
  paymentMethod?: string | null
  addressStreet?: string | null
  addressState?: string | null
  addressCity?: string | null
  timezone?: string
  numberAttendants?: number
  numberConections?: number
}

/** Inserts a company with its default company settings; runs in system scope. */
export async function insertCompanyRow(sql: Queryable, input: NewCompanyRow): Promise<number> {
  const [plan] = await sql`select id from plans where id = ${input.planId}`
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Plan not found', { field: 'planId' })
  const [dup] = await sql`select 1 from companies where lower(name) = lower(${input.name})`
  if (dup) throw new AppError('ERR_NAME_ALREADY_EXISTS', 'A company with this name already exists', { field: 'name' })
  const row = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  const [created] = await sql<{ id: number }[]>`insert into companies ${sql(row)} returning id`
  await insertDefaultCompanySettings(sql, created.id)
  return created.id
}
