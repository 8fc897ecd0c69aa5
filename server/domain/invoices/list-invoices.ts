import { AppError } from '../app-error.ts'
import { confirmInvoicePaid } from '../billing/confirm-payment.ts'
import { asSuper } from '../companies/company-access.ts'
import type { DomainCtx } from '../context.ts'
import { likePattern, pageOf, splitPage } from '../paging.ts'

/**
 * An invoice as the API shows it (spec part 2 §3 Invoice). The row stores status 'open' or 'paid';
 * the answer uses the spec's words: 'Pago' for paid, 'Em aberto' for anything else (the client offers
 * the pay action for every status but 'Pago'). value is a number, dueDate YYYY-MM-DD.
 */
export interface InvoiceView {
  id: number
  companyId: number
  detail: string
  users: number
  connections: number
  queues: number
  value: number
  dueDate: string
  status: 'Pago' | 'Em aberto'
  linkInvoice: string | null
  paymentAt: string | null
  createdAt: string
  updatedAt: string
}

const invoiceColumns = (ctx: DomainCtx) => ctx.tx`
  i.id, i.company_id, i.detail, i.users, i.connections, i.queues, i.value::float8 as value,
  to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  case when lower(i.status) in ('paid', 'pago') then 'Pago' else 'Em aberto' end as status,
  i.link_invoice, i.payment_at, i.created_at, i.updated_at`

/**
 * GET /invoices (spec part 2 §7): the company's own invoices, latest due date first, searched by detail
 * in lowercase, 20 a page. Reachable after the subscription has expired (the route allows it).
 */
export async function listInvoices(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  const page = pageOf(input.pageNumber)
  const pattern = likePattern(input.searchParam)
  const where = tx`i.company_id = ${ctx.auth.user.companyId} and (${input.searchParam} = '' or lower(i.detail) like ${pattern})`
  const rows = await tx<InvoiceView[]>`
    select ${invoiceColumns(ctx)} from invoices i where ${where}
     order by i.due_date desc, i.id desc limit ${page.limit + 1} offset ${page.offset}`
  const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from invoices i where ${where}`
  const { records, hasMore } = splitPage(rows, page)
  return { invoices: records, hasMore, count }
}

/** GET /invoices/{id}: one invoice of the company's own; another company's is not found. */
export async function findInvoice(ctx: DomainCtx, invoiceId: number): Promise<InvoiceView> {
  const [row] = await ctx.tx<InvoiceView[]>`
    select ${invoiceColumns(ctx)} from invoices i where i.id = ${invoiceId} and i.company_id = ${ctx.auth.user.companyId}`
  if (!row) throw new AppError('ERR_NO_INVOICE_FOUND')
  return row
}

/**
 * GET /invoices/all (super user; docs/decisions.md "Billing"): every company's invoices with the
 * company's name, open ones first, so the super user can confirm payments made by hand.
 */
export async function listAllInvoices(ctx: DomainCtx, input: { searchParam: string; pageNumber: number }) {
  const { tx } = ctx
  return asSuper(ctx, async () => {
    const page = pageOf(input.pageNumber)
    const pattern = likePattern(input.searchParam)
    const rows = await tx<(InvoiceView & { companyName: string })[]>`
      select ${invoiceColumns(ctx)}, c.name as company_name from invoices i join companies c on c.id = i.company_id
       where ${input.searchParam} = '' or lower(i.detail) like ${pattern} or lower(c.name) like ${pattern}
       order by (i.status = 'paid'), i.due_date desc, i.id desc limit ${page.limit + 1} offset ${page.offset}`
    const { records, hasMore } = splitPage(rows, page)
    return { invoices: records, hasMore }
  })
}

/** POST /invoices/{id}/confirm-payment (super user): a payment received by hand, recorded with who and when. */
export async function confirmInvoiceByHand(ctx: DomainCtx, invoiceId: number): Promise<{ companyId: number; dueDate: string }> {
  return asSuper(ctx, async () => {
    const done = await confirmInvoicePaid(ctx.tx, invoiceId, { by: ctx.auth.user.id, at: ctx.now() }, ctx.emit)
    if (done) return done
    const [exists] = await ctx.tx`select 1 from invoices where id = ${invoiceId}`
    throw new AppError(exists ? 'ERR_INVOICE_ALREADY_PAID' : 'ERR_NO_INVOICE_FOUND')
  })
}
