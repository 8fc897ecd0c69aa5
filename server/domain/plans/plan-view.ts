import type { Queryable } from '../../db/connect.ts'
import type { PlanFeature } from '../auth/auth-context.ts'

/** A plan as the API shows it (spec part 2 §3 Plan). amount is a number; value repeats it (the spec's other name). */
export interface PlanView extends Record<PlanFeature, boolean> {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  amount: number
  value: number
  isPublic: boolean
  createdAt: string
  updatedAt: string
}

export const planViewColumns = (sql: Queryable) => sql`
  p.id, p.name, p.users, p.connections, p.queues, p.amount::float8 as amount, p.amount::float8 as value, p.is_public,
  p.use_whatsapp, p.use_facebook, p.use_instagram, p.use_campaigns, p.use_schedules, p.use_internal_chat,
  p.use_external_api, p.use_kanban, p.use_open_ai, p.use_integrations, p.created_at, p.updated_at`

export async function findPlanView(sql: Queryable, planId: number): Promise<PlanView | null> {
  const [row] = await sql<PlanView[]>`select ${planViewColumns(sql)} from plans p where p.id = ${planId}`
  return row ?? null
}

/** Plans, cheapest first; only the public ones unless told otherwise. Plans are global: no tenant filter. */
export async function selectPlans(sql: Queryable, publicOnly: boolean): Promise<PlanView[]> {
  return sql<PlanView[]>`
    select ${planViewColumns(sql)} from plans p
     where ${!publicOnly} or p.is_public
     order by p.amount, lower(p.name), p.id`
}
