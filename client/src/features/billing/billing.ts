import { useEffect, useState } from 'react'
import type { InvoiceView } from '../../../../server/domain/invoices/list-invoices.ts'
import type { SubscriptionAnswer } from '../../../../server/domain/billing/subscribe.ts'
import { CUSTOM_PLAN, customPlanPrice } from '../../../../server/domain/billing/pricing.ts'
import { isValidTaxId } from '../../../../server/domain/billing/tax-id.ts'
import { api } from '../../lib/api.ts'
import type { Plan } from '../../lib/types.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'

/**
 * Invoices and the subscription checkout (spec part 2 §2 /financeiro and /financeiro-aberto, §3 Invoice,
 * Checkout form, Pix data, §4 "Checkout and invoices", §9): online only, asked of the server.
 */

export type { InvoiceView, SubscriptionAnswer }
export type AnyInvoice = InvoiceView & { companyName?: string }
export { CUSTOM_PLAN, customPlanPrice }

/** Spec part 2 §9: after the renewal the page goes home in 4 s; the copied label resets after 1 s. */
export const RENEWED_HOME_MS = 4000
export const COPIED_RESET_MS = 1000
/** The Pix view also asks the invoice this often: an expired company has no live socket. */
export const PAYMENT_POLL_MS = 3000

/** A plan the checkout offers (GET /plans/list). */
export type PlanChoice = Plan

export const fetchInvoices = (pageNumber: number, signal?: AbortSignal) =>
  api<{ invoices: InvoiceView[]; hasMore: boolean; count: number }>('/invoices', { query: { pageNumber }, signal })
export const fetchAllInvoices = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  api<{ invoices: AnyInvoice[]; hasMore: boolean }>('/invoices/all', { query: { searchParam, pageNumber }, signal })
export const fetchInvoice = (id: number, signal?: AbortSignal) => api<InvoiceView>(`/invoices/${id}`, { signal })
export const confirmPayment = (id: number) => api<{ companyId: number; dueDate: string }>(`/invoices/${id}/confirm-payment`, { method: 'POST' })
export const fetchPublicPlans = (signal?: AbortSignal) => api<PlanChoice[]>('/plans/list', { signal })

// ---- The checkout form (spec part 2 §3 Checkout form, §5 Checkout) ----

export interface PayerValues {
  firstName: string
  lastName: string
  zipcode: string
  address2: string
  city: string
  state: string
  country: string
}

export type PlanPick = { kind: 'plan'; planId: number } | { kind: 'custom'; users: number; connections: number }

export const newPayer = (): PayerValues => ({ firstName: '', lastName: '', zipcode: '', address2: '', city: '', state: '', country: 'BR' })

/** The Dados step's problems as i18n keys: name required, CPF/CNPJ required and checked by its digits. */
export function payerProblems(v: PayerValues): Partial<Record<keyof PayerValues, string>> {
  const p: Partial<Record<keyof PayerValues, string>> = {}
  if (!v.firstName.trim()) p.firstName = 'billing.checkout.nameRequired'
  if (!v.zipcode.trim()) p.zipcode = 'billing.checkout.zipcodeRequired'
  else if (!isValidTaxId(v.zipcode)) p.zipcode = 'billing.checkout.taxIdInvalid'
  return p
}

/** What the chosen plan costs, as the server will charge it. */
export function pickPrice(pick: PlanPick, plans: PlanChoice[]): number | null {
  if (pick.kind === 'custom') return customPlanPrice(pick.users, pick.connections)
  return plans.find((p) => p.id === pick.planId)?.amount ?? null
}

export function subscriptionRequest(payer: PayerValues, pick: PlanPick, plans: PlanChoice[], invoiceId?: number) {
  const plan = pick.kind === 'custom' ? { plan: 'custom' as const, users: pick.users, connections: pick.connections } : { plan: pick.planId }
  return { ...payer, useAddressForPaymentDetails: false, ...plan, price: pickPrice(pick, plans) ?? undefined, ...(invoiceId ? { invoiceId } : {}) }
}

export const subscribe = (body: ReturnType<typeof subscriptionRequest>) => api<SubscriptionAnswer>('/subscription', { method: 'POST', json: body })

/**
 * The new due date once the invoice is paid: from the live `payment` CONCLUIDA event when this
 * browser has a socket, else by asking the invoice every few seconds (an expired company has none).
 */
export function usePaymentConfirmation(companyId: number | undefined, invoiceId: number | null): string | null {
  const [dueDate, setDueDate] = useState<string | null>(null)
  useEffect(() => {
    if (!companyId || !invoiceId) return
    setDueDate(null)
    let done = false
    const finish = (due: string) => {
      if (done) return
      done = true
      setDueDate(due)
    }
    const off = onRealtimeEvent((event, data) => {
      const d = data as { action?: string; invoiceId?: number; company?: { dueDate?: string } } | undefined
      if (event === `company-${companyId}-payment` && d?.action === 'CONCLUIDA' && d.invoiceId === invoiceId && d.company?.dueDate) finish(d.company.dueDate)
    })
    const abort = new AbortController()
    const timer = setInterval(() => {
      void fetchInvoice(invoiceId, abort.signal).then(
        async (inv) => {
          if (inv.status !== 'Pago' || done) return
          const me = await api<{ company?: { dueDate?: string | null } }>('/auth/me', { signal: abort.signal })
          if (me.company?.dueDate) finish(me.company.dueDate)
        },
        () => {},
      )
    }, PAYMENT_POLL_MS)
    return () => {
      done = true
      off()
      clearInterval(timer)
      abort.abort()
    }
  }, [companyId, invoiceId])
  return dueDate
}
