import type { Config } from '../../config.ts'
import type { SubscriptionBody } from '../../routes/subscription.schema.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { createDueInvoices } from './create-invoices.ts'
import { newTxid } from './payment-provider.ts'
import { customPlanPrice } from './pricing.ts'
import { paymentProviderFor } from './providers.ts'
import { taxIdDigits } from './tax-id.ts'

/** The answer of POST /subscription (spec part 2 §3 "Pix data": qrcode.qrcode and valor.original). */
export interface SubscriptionAnswer {
  invoiceId: number
  provider: 'manual' | 'mercadopago'
  txid: string
  qrcode: { qrcode: string }
  valor: { original: string }
}

interface Priced {
  planId: number | null
  detail: string
  users: number
  connections: number
  queues: number
  value: number
}

async function priceOf(ctx: DomainCtx, body: SubscriptionBody): Promise<Priced> {
  const { tx } = ctx
  if (body.plan === 'custom') {
    const [current] = await tx<{ queues: number }[]>`
      select coalesce(p.queues, 3) as queues from companies c left join plans p on p.id = c.plan_id where c.id = ${ctx.auth.user.companyId}`
    const users = body.users!
    const connections = body.connections!
    return { planId: null, detail: `Plano personalizado (${users} usuários, ${connections} conexões)`, users, connections, queues: current?.queues ?? 3, value: customPlanPrice(users, connections) }
  }
  // Any public plan, or the plan the company already has (a private plan the super user gave it).
  const [plan] = await tx<{ id: number; name: string; users: number; connections: number; queues: number; amount: number }[]>`
    select p.id, p.name, p.users, p.connections, p.queues, p.amount::float8 as amount from plans p
     where p.id = ${body.plan} and (p.is_public or p.id = (select plan_id from companies where id = ${ctx.auth.user.companyId}))`
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', `No plan ${body.plan}`)
  if (!(plan.amount > 0)) throw new AppError('ERR_VALIDATION', 'plan: a free plan has nothing to pay', { fields: [{ field: 'plan', message: 'Este plano não tem valor a pagar' }] })
  return { planId: plan.id, detail: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: plan.amount }
}

/**
 * POST /subscription (spec part 2 §4 "Checkout and invoices", §7): prices the chosen plan on the
 * server, writes it on the invoice being paid (the one named, else the one of the current due date,
 * created now if the invoice job has not yet) and asks the payment provider for a Pix charge.
 */
export async function subscribe(ctx: DomainCtx, config: Config, body: SubscriptionBody): Promise<SubscriptionAnswer> {
  const { tx, auth } = ctx
  const companyId = auth.user.companyId
  const priced = await priceOf(ctx, body)
  let invoiceId = body.invoiceId
  if (!invoiceId) {
    await createDueInvoices(tx, ctx.now(), companyId)
    const [open] = await tx<{ id: number }[]>`
      select id from invoices where company_id = ${companyId} and status <> 'paid' order by due_date, id limit 1`
    if (!open) {
      // Nothing due yet (an early renewal): an invoice for the current due date, or today when it has none.
      const [made] = await tx<{ id: number }[]>`
        insert into invoices (company_id, detail, due_date)
        select id, '', coalesce(due_date, ${ctx.now().toISOString().slice(0, 10)}::date) from companies where id = ${companyId}
        on conflict (company_id, due_date) do update set updated_at = now() returning id`
      invoiceId = made.id
    } else invoiceId = open.id
  }
  const [invoice] = await tx<{ id: number; status: string }[]>`select id, status from invoices where id = ${invoiceId} and company_id = ${companyId} for update`
  if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND')
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID')
  await tx`update invoices set detail = ${priced.detail}, users = ${priced.users}, connections = ${priced.connections},
                               queues = ${priced.queues}, value = ${priced.value}, plan_id = ${priced.planId},
                               custom_plan = ${priced.planId === null}
            where id = ${invoiceId}`

  const [company] = await tx<{ email: string | null }[]>`select email from companies where id = ${companyId}`
  const provider = await paymentProviderFor(config, tx)
  const txid = newTxid(invoiceId)
  const charge = await provider.createCharge({
    invoiceId,
    companyId,
    amount: priced.value,
    description: priced.detail,
    txid,
    payer: { firstName: body.firstName, lastName: body.lastName, email: body.email ?? company?.email ?? auth.user.email, taxId: taxIdDigits(body.zipcode) },
  })
  await tx`insert into pix_charges (company_id, invoice_id, provider, external_id, txid, br_code, amount)
           values (${companyId}, ${invoiceId}, ${provider.name}, ${charge.externalId}, ${txid}, ${charge.brCode}, ${priced.value})`
  return { invoiceId, provider: provider.name, txid, qrcode: { qrcode: charge.brCode }, valor: { original: priced.value.toFixed(2) } }
}
