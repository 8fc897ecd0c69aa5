import type { Tx } from '../../db/connect.ts'
import type { DomainEvent } from '../context.ts'
import { findCompanyView } from '../companies/company-view.ts'
import { renewedDueDate, type Recurrence } from '../companies/recurrence.ts'

export interface Confirmation {
  /** Who confirmed it: a super user's id for manual confirmations, null for a provider's notification. */
  by: number | null
  at: Date
}

/**
 * Marks an invoice paid once and renews its company (spec part 2 §4 "Checkout and invoices"): the due
 * date moves one recurrence on from the current due date (from today when it already passed), the plan
 * the checkout chose applies, and the company's admins get `payment` CONCLUIDA. An invoice already paid
 * changes nothing and answers null, so a replayed notification or a second click renews nothing.
 * Runs in system scope (the webhook has no session; the super user acts across companies).
 */
export async function confirmInvoicePaid(tx: Tx, invoiceId: number, c: Confirmation, emit: (e: DomainEvent) => void): Promise<{ companyId: number; dueDate: string } | null> {
  const [invoice] = await tx<{ companyId: number; planId: number | null }[]>`
    update invoices set status = 'paid', payment_at = ${c.at}, confirmed_by = ${c.by}
     where id = ${invoiceId} and status <> 'paid'
     returning company_id, plan_id`
  if (!invoice) return null
  await tx`update pix_charges set status = 'paid', paid_at = ${c.at} where invoice_id = ${invoiceId} and status = 'pending'`
  const [company] = await tx<{ dueDate: string | null; recurrence: Recurrence }[]>`
    select to_char(due_date, 'YYYY-MM-DD') as due_date, recurrence from companies where id = ${invoice.companyId} for update`
  const dueDate = renewedDueDate(company.dueDate, company.recurrence, c.at.toISOString().slice(0, 10))
  await tx`update companies set due_date = ${dueDate}, plan_id = coalesce(${invoice.planId}, plan_id) where id = ${invoice.companyId}`
  const view = await findCompanyView(tx, invoice.companyId)
  emit({ type: 'payment', companyId: invoice.companyId, payload: { action: 'CONCLUIDA', company: view, invoiceId } })
  emit({ type: 'company', companyId: invoice.companyId, payload: { action: 'update', company: view } })
  return { companyId: invoice.companyId, dueDate }
}

/** A provider's charge was paid: the charge and its invoice, once; null when it was already counted. */
export async function confirmCharge(tx: Tx, provider: 'manual' | 'mercadopago', externalId: string, paidAmount: number, c: Confirmation, emit: (e: DomainEvent) => void) {
  const [charge] = await tx<{ invoiceId: number; amount: number }[]>`
    select invoice_id, amount::float8 as amount from pix_charges where provider = ${provider} and external_id = ${externalId}`
  // An amount below the charge's is not this invoice's payment (a forged or mistaken notification).
  if (!charge || paidAmount + 0.005 < charge.amount) return null
  return confirmInvoicePaid(tx, charge.invoiceId, c, emit)
}
