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
  const [invoice] = await tx<{ companyId: number; planId: number | null; customPlan: boolean }[]>`
    update invoices set status = 'paid', payment_at = ${c.at}, confirmed_by = ${c.by}
     where id = ${invoiceId} and status <> 'paid'
     returning company_id, plan_id, custom_plan`
  if (!invoice) return null
  if (invoice.customPlan) invoice.planId = await customPlanOf(tx, invoiceId, invoice.companyId)
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

/**
 * The private plan a paid custom-plan invoice gives its company: the invoice's counts and value, the
 * feature switches of the plan the company had (limits are always read from the company's plan).
 */
async function customPlanOf(tx: Tx, invoiceId: number, companyId: number): Promise<number> {
  const [plan] = await tx<{ id: number }[]>`
    insert into plans (name, users, connections, queues, amount, is_public, use_whatsapp, use_facebook, use_instagram, use_campaigns,
                       use_schedules, use_internal_chat, use_external_api, use_kanban, use_open_ai, use_integrations)
    select ${`Personalizado ${companyId}-${invoiceId}`}, i.users, i.connections, i.queues, i.value, false,
           coalesce(p.use_whatsapp, true), coalesce(p.use_facebook, true), coalesce(p.use_instagram, true), coalesce(p.use_campaigns, true),
           coalesce(p.use_schedules, true), coalesce(p.use_internal_chat, true), coalesce(p.use_external_api, true), coalesce(p.use_kanban, true),
           coalesce(p.use_open_ai, true), coalesce(p.use_integrations, true)
      from invoices i join companies c on c.id = i.company_id left join plans p on p.id = c.plan_id
     where i.id = ${invoiceId}
    returning id`
  return plan.id
}
