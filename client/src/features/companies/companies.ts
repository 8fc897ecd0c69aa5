import type { CompanyView } from '../../../../server/domain/companies/company-view.ts'
import { api } from '../../lib/api.ts'
import { lengthProblem } from '../../lib/validation.ts'

/**
 * Companies (spec part 2 §2 "Companies and plans", §3 Company, §5 Company; super user only): asked of
 * the server, online (the browser's database holds only the user's own company).
 */

export type { CompanyView }
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Recurrence = (typeof RECURRENCES)[number]

export interface PlanOption {
  id: number
  name: string
  amount: number
}

export interface CompanyFormValues {
  name: string
  email: string
  password: string
  phone: string
  planId: number | null
  status: boolean
  dueDate: string
  recurrence: Recurrence
}

export type CompanyField = keyof CompanyFormValues

/** Spec part 2 §3: a new company is inactive; due a month from today, billed monthly. */
export function newCompanyValues(today = new Date()): CompanyFormValues {
  const due = new Date(today.getFullYear(), today.getMonth() + 1, today.getDate())
  const pad = (n: number) => String(n).padStart(2, '0')
  return { name: '', email: '', password: '', phone: '', planId: null, status: false, dueDate: `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`, recurrence: 'MENSAL' }
}

export function companyValuesOf(c: CompanyView): CompanyFormValues {
  return { name: c.name, email: c.email ?? '', password: '', phone: c.phone ?? '', planId: c.planId, status: c.status, dueDate: c.dueDate ?? '', recurrence: c.recurrence }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The company form (spec part 2 §5 Company): 'Nome é obrigatório', 'E-mail é obrigatório', 'Email é
 * inválido', the plan required; the first admin's password 5-50 on create (empty keeps it on edit).
 */
export function companyFormProblems(v: CompanyFormValues, mode: 'create' | 'edit'): Partial<Record<CompanyField, string>> {
  const p: Partial<Record<CompanyField, string>> = {}
  const name = v.name.trim()
  if (!name) p.name = 'companies.validation.nameRequired'
  else if (name.length < 2) p.name = 'validation.tooShort'
  else if (name.length > 50) p.name = 'validation.tooLong'
  const email = v.email.trim()
  if (!email) p.email = 'companies.validation.emailRequired'
  else if (!EMAIL.test(email)) p.email = 'companies.validation.emailInvalid'
  if (!v.planId) p.planId = 'companies.validation.planRequired'
  const password = lengthProblem(v.password, 5, 50, mode === 'create', false)
  if (password) p.password = password
  return p
}

export function companyRequestBody(v: CompanyFormValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim() || null,
    planId: v.planId,
    status: v.status,
    dueDate: v.dueDate || null,
    recurrence: v.recurrence,
    ...(v.password ? { password: v.password } : {}),
  }
}

export const fetchCompanies = (signal?: AbortSignal) => api<CompanyView[]>('/companies', { signal })
export const fetchAllPlans = (signal?: AbortSignal) => api<PlanOption[]>('/plans/all', { signal })
export const createCompany = (v: CompanyFormValues) => api<CompanyView>('/companies', { method: 'POST', json: companyRequestBody(v) })
export const updateCompany = (id: number, v: CompanyFormValues) => api<CompanyView>(`/companies/${id}`, { method: 'PUT', json: companyRequestBody(v) })
export const deleteCompany = (id: number) => api<void>(`/companies/${id}`, { method: 'DELETE' })
export const renewCompany = (id: number) => api<CompanyView>(`/companies/${id}/renew`, { method: 'POST' })

/** Bytes as the reader expects them: 0 B, 12 KB, 3.4 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (!bytes) return '0 B'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  const v = bytes / 1024 ** i
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`
}
