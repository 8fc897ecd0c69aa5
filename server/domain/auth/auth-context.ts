import { PLAN_FLAGS } from '../../routes/plans.schema.ts'
import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/** The ten plan switches (spec part 2 §1); the list lives with the plan schema, shared with the client. */
export const PLAN_FEATURES = PLAN_FLAGS
export type PlanFeature = (typeof PLAN_FEATURES)[number]

export interface AuthUser {
  id: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket: 'enable' | 'disable'
  allowGroup: boolean
  allHistoric: 'enabled' | 'disabled'
  allUserChat: 'enabled' | 'disabled'
  userClosePendingTicket: 'enabled' | 'disabled'
  showDashboard: 'enabled' | 'disabled'
  allowRealTime: 'enabled' | 'disabled'
  allowConnections: 'enabled' | 'disabled'
  queueIds: number[]
}

export interface AuthPlan extends Record<PlanFeature, boolean> {
  id: number | null
  users: number
  connections: number
  queues: number
}

export interface AuthCompany {
  id: number
  name: string
  status: boolean
  dueDate: string | null
}

/** Who is acting, read fresh from the database on every request (a changed switch applies at once). */
export interface AuthContext {
  user: AuthUser
  company: AuthCompany
  plan: AuthPlan
  sessionId: string
}

/** Company 1 never expires (spec part 1 §4 Session). */
export const MAIN_COMPANY_ID = 1

export function isSubscriptionExpired(company: Pick<AuthCompany, 'id' | 'dueDate'>, now: Date): boolean {
  if (company.id === MAIN_COMPANY_ID || !company.dueDate) return false
  return company.dueDate < now.toISOString().slice(0, 10)
}

/** Loads the acting user inside the tenant transaction; a revoked or unknown session is a 401. */
export async function loadAuthContext(tx: Tx, userId: number, sessionId: string): Promise<AuthContext> {
  const [row] = await tx`
    select u.id, u.company_id, u.name, u.email, u.profile, u.super, u.all_ticket, u.allow_group, u.all_historic,
           u.all_user_chat, u.user_close_pending_ticket, u.show_dashboard, u.allow_real_time, u.allow_connections,
           coalesce((select array_agg(uq.queue_id order by uq.queue_id) from user_queues uq where uq.user_id = u.id), '{}') as queue_ids,
           c.name as company_name, c.status as company_status, to_char(c.due_date, 'YYYY-MM-DD') as due_date,
           p.id as plan_id, coalesce(p.users, 0) as plan_users, coalesce(p.connections, 0) as plan_connections,
           coalesce(p.queues, 0) as plan_queues,
           coalesce(p.use_whatsapp, false) as use_whatsapp, coalesce(p.use_facebook, false) as use_facebook,
           coalesce(p.use_instagram, false) as use_instagram, coalesce(p.use_campaigns, false) as use_campaigns,
           coalesce(p.use_schedules, false) as use_schedules, coalesce(p.use_internal_chat, false) as use_internal_chat,
           coalesce(p.use_external_api, false) as use_external_api, coalesce(p.use_kanban, false) as use_kanban,
           coalesce(p.use_open_ai, false) as use_open_ai, coalesce(p.use_integrations, false) as use_integrations
      from users u
      join companies c on c.id = u.company_id
      left join plans p on p.id = c.plan_id
      join auth_sessions s on s.id = ${sessionId} and s.user_id = u.id and s.revoked_at is null
     where u.id = ${userId}`
  if (!row) throw new AppError('ERR_SESSION_EXPIRED', 'Session ended')
  return {
    sessionId,
    user: {
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      email: row.email,
      profile: row.profile,
      super: row.super,
      allTicket: row.allTicket,
      allowGroup: row.allowGroup,
      allHistoric: row.allHistoric,
      allUserChat: row.allUserChat,
      userClosePendingTicket: row.userClosePendingTicket,
      showDashboard: row.showDashboard,
      allowRealTime: row.allowRealTime,
      allowConnections: row.allowConnections,
      queueIds: row.queueIds,
    },
    company: { id: row.companyId, name: row.companyName, status: row.companyStatus, dueDate: row.dueDate },
    plan: {
      id: row.planId,
      users: row.planUsers,
      connections: row.planConnections,
      queues: row.planQueues,
      useWhatsapp: row.useWhatsapp,
      useFacebook: row.useFacebook,
      useInstagram: row.useInstagram,
      useCampaigns: row.useCampaigns,
      useSchedules: row.useSchedules,
      useInternalChat: row.useInternalChat,
      useExternalApi: row.useExternalApi,
      useKanban: row.useKanban,
      useOpenAi: row.useOpenAi,
      useIntegrations: row.useIntegrations,
    },
  }
}
