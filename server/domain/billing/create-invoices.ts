import type { Db } from '../../db/tenant.ts'
import { withSystem } from '../../db/tenant.ts'
import type { Tx } from '../../db/connect.ts'
import { MAIN_COMPANY_ID } from '../auth/auth-context.ts'

/** Invoices appear this many days before the due date they pay (docs/decisions.md "Billing"). */
export const INVOICE_LEAD_DAYS = 10

/**
 * The invoice of each active company whose due date is within INVOICE_LEAD_DAYS (or past), from its
 * plan's name, counts and value. One per company and due date (a unique index), so two workers running
 * this together, or a run repeated, add nothing twice. Company 1 never expires; free plans bill nothing.
 */
export async function createDueInvoices(tx: Tx, now: Date, companyId?: number): Promise<number[]> {
  const rows = await tx<{ id: number }[]>`
    insert into invoices (company_id, detail, users, connections, queues, value, due_date, plan_id)
    select c.id, p.name, p.users, p.connections, p.queues, p.amount, c.due_date, p.id
      from companies c join plans p on p.id = c.plan_id
     where c.status and c.id <> ${MAIN_COMPANY_ID} and c.due_date is not null and p.amount > 0
       and c.due_date <= ${now.toISOString().slice(0, 10)}::date + ${INVOICE_LEAD_DAYS}::int
       and (${companyId ?? null}::int is null or c.id = ${companyId ?? null}::int)
    on conflict (company_id, due_date) do nothing
    returning id`
  return rows.map((r) => r.id)
}

export const createInvoicesJob = (db: Db, now: Date) => withSystem(db, (tx) => createDueInvoices(tx, now))
