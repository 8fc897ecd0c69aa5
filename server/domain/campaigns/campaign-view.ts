import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA'

/** How far a campaign got (the report, spec part 2 §2): recipients, and those sent, asked and confirmed. */
export interface CampaignProgress {
  valid: number
  delivered: number
  confirmationRequested: number
  confirmed: number
  failed: number
}

/** A campaign as the API answers it (spec part 2 §3 "Campaign"), with its list, connection and progress. */
export interface CampaignView {
  id: number
  name: string
  message1: string
  message2: string
  message3: string
  message4: string
  message5: string
  confirmationMessage1: string
  confirmationMessage2: string
  confirmationMessage3: string
  confirmationMessage4: string
  confirmationMessage5: string
  status: CampaignStatus
  confirmation: boolean
  scheduledAt: Date | null
  completedAt: Date | null
  contactListId: number | null
  contactList: { id: number; name: string } | null
  tagListId: number | null
  whatsappId: number | null
  whatsapp: { id: number; name: string } | null
  userId: number | null
  queueId: number | null
  companyId: number
  statusTicket: 'closed' | 'pending' | 'open'
  openTicket: 'enabled' | 'disabled'
  mediaPath: string | null
  mediaName: string | null
  createdAt: Date
  updatedAt: Date
  progress: CampaignProgress
}

const VIEW = `c.id, c.name, c.message1, c.message2, c.message3, c.message4, c.message5,
  c.confirmation_message1, c.confirmation_message2, c.confirmation_message3, c.confirmation_message4, c.confirmation_message5,
  c.status, c.confirmation, c.scheduled_at, c.completed_at, c.contact_list_id, c.tag_list_id, c.whatsapp_id, c.user_id,
  c.queue_id, c.company_id, c.status_ticket, c.open_ticket, c.media_path, c.media_name, c.created_at, c.updated_at,
  case when l.id is null then null else json_build_object('id', l.id, 'name', l.name) end as contact_list,
  case when w.id is null then null else json_build_object('id', w.id, 'name', w.name) end as whatsapp`

const FROM = `campaigns c left join contact_lists l on l.id = c.contact_list_id left join whatsapps w on w.id = c.whatsapp_id`

type Row = Omit<CampaignView, 'progress'>

/** One campaign of the company (row-level security scopes the transaction), or 404. */
export async function loadCampaign(tx: Tx, companyId: number, id: number): Promise<CampaignView> {
  const [row] = await tx<Row[]>`select ${tx.unsafe(VIEW)} from ${tx.unsafe(FROM)} where c.id = ${id} and c.company_id = ${companyId}`
  if (!row) throw new AppError('ERR_NOT_FOUND', `No campaign ${id}`)
  return { ...row, progress: await campaignProgress(tx, row) }
}

/** A page of the company's campaigns by name, newest first. */
export async function listCampaignRows(tx: Tx, companyId: number, search: string, limit: number, offset: number): Promise<{ rows: CampaignView[]; count: number }> {
  const like = `%${search.toLowerCase()}%`
  const rows = await tx<Row[]>`
    select ${tx.unsafe(VIEW)} from ${tx.unsafe(FROM)}
     where c.company_id = ${companyId} and lower(c.name) like ${like}
     order by c.id desc limit ${limit} offset ${offset}`
  const [{ count }] = await tx<{ count: number }[]>`
    select count(*)::int as count from campaigns c where c.company_id = ${companyId} and lower(c.name) like ${like}`
  const sent = await shippingProgress(tx, rows.filter((r) => !notStarted(r)).map((r) => r.id))
  const views = await Promise.all(
    rows.map(async (r) => ({ ...r, progress: notStarted(r) ? { ...NONE_SENT, valid: await targetCount(tx, r) } : (sent.get(r.id) ?? NONE_SENT) })),
  )
  return { rows: views, count }
}

const NONE_SENT: CampaignProgress = { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0, failed: 0 }
const notStarted = (c: Pick<Row, 'status'>) => c.status === 'INATIVA' || c.status === 'PROGRAMADA'

/** The shipping counts of several started campaigns in one grouped read (a list page asked one per row). */
async function shippingProgress(tx: Tx, ids: number[]): Promise<Map<number, CampaignProgress>> {
  if (!ids.length) return new Map()
  const rows = await tx<(CampaignProgress & { campaignId: number })[]>`
    select campaign_id, count(*)::int as valid, count(delivered_at)::int as delivered,
           count(confirmation_requested_at)::int as confirmation_requested, count(confirmed_at)::int as confirmed,
           count(failed_at)::int as failed
      from campaign_shipping where campaign_id = any(${ids}::int[]) group by campaign_id`
  return new Map(rows.map(({ campaignId, ...p }) => [campaignId, p]))
}

/**
 * Before it starts, a campaign's recipients are its target's valid numbers (what it would send to);
 * once started, its shipping rows.
 */
export async function campaignProgress(tx: Tx, c: Pick<Row, 'id' | 'status' | 'contactListId' | 'tagListId' | 'companyId'>): Promise<CampaignProgress> {
  if (notStarted(c)) return { ...NONE_SENT, valid: await targetCount(tx, c) }
  return (await shippingProgress(tx, [c.id])).get(c.id) ?? NONE_SENT
}

async function targetCount(tx: Tx, c: Pick<Row, 'contactListId' | 'tagListId' | 'companyId'>): Promise<number> {
  if (c.contactListId) {
    const [r] = await tx<{ n: number }[]>`
      select count(*)::int as n from contact_list_items where contact_list_id = ${c.contactListId} and is_whatsapp_valid`
    return r.n
  }
  if (c.tagListId) {
    const [r] = await tx<{ n: number }[]>`
      select count(*)::int as n from contact_tags ct join contacts k on k.id = ct.contact_id
       where ct.tag_id = ${c.tagListId} and not k.is_group and k.number <> ''`
    return r.n
  }
  return 0
}

/**
 * Editable only while INATIVA, or PROGRAMADA more than an hour before it starts (spec part 2 §4); a
 * cancelled campaign may be edited too (the spec shows its save), so it can be fixed and restarted.
 */
export function isEditable(c: Pick<CampaignView, 'status' | 'scheduledAt'>, now: Date): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false
  return new Date(c.scheduledAt).getTime() - now.getTime() > 60 * 60 * 1000
}
