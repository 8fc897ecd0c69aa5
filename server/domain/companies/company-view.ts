import type { Queryable } from '../../db/connect.ts'
import type { Recurrence } from './recurrence.ts'

/** A type, not an interface, so that it passes as JSON to the driver. */
export type CompanyScheduleEntry = {
  weekday: string
  weekdayEn: string
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

/**
 * A company as the API shows it (spec part 2 §3 Company, and the companies page table of §2):
 * dueDate as YYYY-MM-DD or null, plan as {id, name, amount, users, connections, queues} or null.
 */
export interface CompanyView {
  id: number
  name: string
  email: string | null
  phone: string | null
  status: boolean
  document: string | null
  addressStreet: string | null
  addressState: string | null
  addressCity: string | null
  dueDate: string | null
  recurrence: Recurrence
  paymentMethod: string | null
  timezone: string
  planId: number | null
  plan: { id: number; name: string; amount: number; users: number; connections: number; queues: number } | null
  schedules: CompanyScheduleEntry[]
  scheduleType: string | null
  lastLogin: string | null
  numberAttendants: number
  numberConections: number
  folderSize: number
  numberFileFolder: number
  updatedAtFolder: string | null
  createdAt: string
  updatedAt: string
}

export const companyViewColumns = (sql: Queryable) => sql`
  c.id, c.name, c.email, c.phone, c.status, c.document, c.address_street, c.address_state, c.address_city,
  to_char(c.due_date, 'YYYY-MM-DD') as due_date, c.recurrence, c.payment_method, c.timezone, c.plan_id,
  (select json_build_object('id', p.id, 'name', p.name, 'amount', p.amount::float8, 'users', p.users,
                            'connections', p.connections, 'queues', p.queues)
     from plans p where p.id = c.plan_id) as plan,
  c.schedules, (select cs.schedule_type from company_settings cs where cs.company_id = c.id) as schedule_type,
  c.last_login, c.number_attendants, c.number_conections, c.folder_size, c.number_file_folder,
  c.updated_at_folder, c.created_at, c.updated_at`

/** One company; the caller decides the scope (own tenant, or system scope for a super user). */
export async function findCompanyView(sql: Queryable, companyId: number): Promise<CompanyView | null> {
  const [row] = await sql<CompanyView[]>`select ${companyViewColumns(sql)} from companies c where c.id = ${companyId}`
  return row ?? null
}

/** Every company on a plan, in one query (a plan's change reaches them all). */
export async function findCompanyViewsOnPlan(sql: Queryable, planId: number): Promise<CompanyView[]> {
  return sql<CompanyView[]>`select ${companyViewColumns(sql)} from companies c where c.plan_id = ${planId} order by c.id`
}
