import type { Queryable } from '../../db/connect.ts'

/** A user as the API shows it (spec part 1 §3 User): never the password hash. */
export interface UserView {
  id: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  startWork: string
  endWork: string
  farewellMessage: string
  whatsappId: number | null
  whatsapp: { id: number; name: string } | null
  profileImage: string | null
  online: boolean
  color: string | null
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
  defaultTicketsManagerWidth: number
  allTicket: 'enable' | 'disable'
  allowGroup: boolean
  allHistoric: string
  allUserChat: string
  userClosePendingTicket: string
  showDashboard: string
  allowRealTime: string
  allowConnections: string
  createdAt: string
  updatedAt: string
  queues: { id: number; name: string; color: string }[]
  company: { id: number; name: string; dueDate: string | null; status: boolean; planId: number | null }
}

export const userViewColumns = (sql: Queryable) => sql`
  u.id, u.company_id, u.name, u.email, u.profile, u.super, u.start_work, u.end_work, u.farewell_message,
  u.whatsapp_id, u.profile_image, u.online, u.color, u.default_theme, u.default_menu,
  u.default_tickets_manager_width, u.all_ticket, u.allow_group, u.all_historic, u.all_user_chat,
  u.user_close_pending_ticket, u.show_dashboard, u.allow_real_time, u.allow_connections, u.created_at, u.updated_at,
  (select case when w.id is null then null else json_build_object('id', w.id, 'name', w.name) end
     from whatsapps w where w.id = u.whatsapp_id) as whatsapp,
  coalesce((select json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color) order by q.order_queue nulls last, q.name)
              from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = u.id), '[]'::json) as queues,
  (select json_build_object('id', c.id, 'name', c.name, 'dueDate', to_char(c.due_date, 'YYYY-MM-DD'),
                            'status', c.status, 'planId', c.plan_id)
     from companies c where c.id = u.company_id) as company`

export async function findUserView(sql: Queryable, userId: number): Promise<UserView | null> {
  const [row] = await sql<UserView[]>`select ${userViewColumns(sql)} from users u where u.id = ${userId}`
  return row ?? null
}
