import type { PlanView } from '../../../../server/domain/plans/plan-view.ts'
import { PLAN_FLAGS } from '../../../../server/routes/plans.schema.ts'
import { api } from '../../lib/api.ts'

/** The super user's plans (spec part 2 §3 Plan): counts, value, public, and the ten feature switches. */

export type { PlanView }
export { PLAN_FLAGS }
export type PlanFlagKey = (typeof PLAN_FLAGS)[number]

export interface PlanFormValues extends Record<PlanFlagKey, boolean> {
  name: string
  users: string
  connections: string
  queues: string
  amount: string
  isPublic: boolean
}

/** A new plan is public with every feature on (spec part 2 §3). */
export function newPlanValues(): PlanFormValues {
  return { name: '', users: '1', connections: '1', queues: '1', amount: '0', isPublic: true, ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlagKey, boolean>) }
}

export function planValuesOf(p: PlanView): PlanFormValues {
  return {
    name: p.name, users: String(p.users), connections: String(p.connections), queues: String(p.queues), amount: String(p.amount), isPublic: p.isPublic,
    ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<PlanFlagKey, boolean>),
  }
}

/** A typed amount: "49,90" and "49.90" are both 49.9; anything else is NaN. */
export const parseAmount = (v: string) => (/^\d+([.,]\d{1,2})?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : Number.NaN)

/** Name 2-50 (spec part 2 §9), whole counts of 0 or more, an amount in reais with up to two decimals. */
export function planFormProblems(v: PlanFormValues): Partial<Record<keyof PlanFormValues, string>> {
  const p: Partial<Record<keyof PlanFormValues, string>> = {}
  const name = v.name.trim()
  if (!name) p.name = 'validation.required'
  else if (name.length < 2) p.name = 'validation.tooShort'
  else if (name.length > 50) p.name = 'validation.tooLong'
  for (const k of ['users', 'connections', 'queues'] as const) if (!/^\d{1,6}$/.test(v[k].trim())) p[k] = 'settings.plans.wholeNumber'
  if (Number.isNaN(parseAmount(v.amount))) p.amount = 'settings.plans.invalidAmount'
  return p
}

export function planRequestBody(v: PlanFormValues) {
  return {
    name: v.name.trim(), users: Number(v.users), connections: Number(v.connections), queues: Number(v.queues), amount: parseAmount(v.amount), isPublic: v.isPublic,
    ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, v[f]])),
  }
}

export const fetchPlans = (signal?: AbortSignal) => api<PlanView[]>('/plans/all', { signal })
export const createPlan = (v: PlanFormValues) => api<PlanView>('/plans', { method: 'POST', json: planRequestBody(v) })
export const updatePlan = (id: number, v: PlanFormValues) => api<PlanView>(`/plans/${id}`, { method: 'PUT', json: planRequestBody(v) })
export const deletePlan = (id: number) => api<void>(`/plans/${id}`, { method: 'DELETE' })
