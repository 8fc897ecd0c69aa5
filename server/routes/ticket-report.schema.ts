import { z } from 'zod'
import { dayField, flag, idField, listOf, TICKET_STATUSES } from './common.schema.ts'

/** The export asks every row at once (page size 9999999, spec part 2 §9); the server caps a page here. */
export const REPORT_MAX_PAGE = 100_000

/** GET /ticketreport/reports (spec part 2 §7); the rules are in server/domain/reports/ticket-report.ts. */
export const ticketReportQuery = z
  .object({
    searchParam: z.string().max(200).optional().transform((v) => (v ?? '').trim()),
    contactId: idField().optional(),
    whatsappId: listOf(idField()).optional(),
    users: listOf(idField()).optional(),
    queueIds: listOf(idField()).optional(),
    status: listOf(z.enum(TICKET_STATUSES)).optional(),
    dateFrom: dayField.optional(),
    dateTo: dayField.optional(),
    page: z.coerce.number({ error: 'Invalid number' }).int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number({ error: 'Invalid number' }).int().min(1).max(10_000_000).default(10).transform((n) => Math.min(n, REPORT_MAX_PAGE)),
    onlyRated: flag.optional().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'A data final é anterior à inicial' })
  })
export type TicketReportQuery = z.infer<typeof ticketReportQuery>
