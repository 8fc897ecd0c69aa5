/** The dashboard's answers (GET /dashboard, /dashboard/ticketsDay, /dashboard/ticketsUsers), shared with the PWA. */

export interface DashboardCounters {
  supportHappening: number
  supportPending: number
  supportFinished: number
  supportGroups: number
  leads: number
  avgSupportTime: number
  avgWaitTime: number
  activeTickets: number
  passiveTickets: number
  npsScore: number
  npsPromotersPerc: number
  npsPassivePerc: number
  npsDetractorsPerc: number
  tickets: number
  waitRating: number
  withoutRating: number
  withRating: number
  percRating: number
}

export interface AttendantRow {
  id: number
  name: string
  /** Mean of the 0-10 answers to the tickets this user closed, null without any. */
  rating: number | null
  countRating: number
  tickets: number
  avgWaitTime: number
  avgSupportTime: number
  online: boolean
}

export interface Dashboard {
  counters: DashboardCounters
  attendants: AttendantRow[]
  range: { from: string; to: string }
}

export interface TicketsPerUser {
  userId: number | null
  /** null for the tickets nobody took */
  name: string | null
  total: number
}

export type ChartUnit = 'hour' | 'day' | 'month'

export interface TicketsPerTime {
  unit: ChartUnit
  /** Every step of the range, the empty ones with 0: 'HH' (00-23), 'YYYY-MM-DD' or 'YYYY-MM'. */
  data: { label: string; total: number }[]
  range: { from: string; to: string }
}

/** A live ticket on the panel (GET /dashboard/moments, GET /usersMoments). */
export interface MomentRow {
  id: number
  uuid: string
  status: 'open' | 'pending'
  lastMessage: string
  unreadMessages: number
  updatedAt: Date | string
  createdAt: Date | string
  user: { id: number; name: string } | null
  contact: { id: number; name: string; urlPicture: string | null }
  queue: { id: number; name: string; color: string } | null
}
