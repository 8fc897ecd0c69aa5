import { PLAN_FLAGS } from '../../../server/routes/plans.schema.ts'
/** Shapes the shell reads from the API (server/domain/*-view.ts, spec part 1 §3, part 2 §3). */

export type Toggle = 'enabled' | 'disabled'

export interface User {
  id: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  profileImage: string | null
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
  /** Width of the ticket list on wide screens (404-700, spec part 1 §9). */
  defaultTicketsManagerWidth?: number
  allowGroup: boolean
  allTicket: 'enable' | 'disable'
  allHistoric: string
  allUserChat: string
  userClosePendingTicket: string
  showDashboard: string
  allowRealTime: string
  allowConnections: string
  company: { id: number; name: string; dueDate: string | null; status: boolean; planId: number | null }
}

// The plan switches come from the server's zod-only plan schema, shared so the two lists cannot drift.
export { PLAN_FLAGS }
export type PlanFlag = (typeof PLAN_FLAGS)[number]

/** GET /companies/listPlan/{companyId}. */
export type PlanFlags = Record<PlanFlag, boolean> & { id: number; name: string; users: number; connections: number; queues: number; amount: number }

/** GET /plans/list (public plans for sign-up). */
export interface Plan {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  amount: number
}

export interface LoginResult {
  token: string
  user: User
  dueDate: string | null
}

export interface Announcement {
  id: number
  companyId: number
  title: string
  text: string
  priority: 1 | 2 | 3
  status: boolean
  mediaPath: string | null
  mediaName: string | null
  createdAt: string
}

export interface Help {
  id: number
  title: string
  description: string
  video: string
}

export interface Setting {
  key: string
  value: string
}
