/** The tickets report's answer (GET /ticketreport/reports), shared with the PWA. */

/** A report row (spec part 2 §3 "Report row"); supportTime in minutes, NPS the ticket's latest 0-10 answer. */
export interface ReportRow {
  id: number
  uuid: string
  whatsappName: string | null
  contactName: string
  userName: string | null
  queueName: string | null
  status: string
  lastMessage: string
  /** ISO date-time once serialised */
  createdAt: Date | string
  closedAt: Date | string | null
  supportTime: number | null
  NPS: number | null
}

export interface TicketReport {
  tickets: ReportRow[]
  totalTickets: { total: number }
}
