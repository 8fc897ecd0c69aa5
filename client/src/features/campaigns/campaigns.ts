import { api } from '../../lib/api.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'

/**
 * Campaigns (spec part 2 §2 Campaign screens, §3 "Campaign", §4 Campaign status, §7, §8). Not synced to
 * the browser: the list, the dialog and the report read and write the API, online only, and the live
 * company-{id}-campaign events keep what is on screen current.
 */

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA'
export const CAMPAIGN_STATUSES: CampaignStatus[] = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA']

export interface CampaignProgress {
  valid: number
  delivered: number
  confirmationRequested: number
  confirmed: number
}

export interface NamedRef {
  id: number
  name: string
}

/** A campaign as the API answers it (dates as ISO strings; messages '' when empty). */
export interface Campaign {
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
  scheduledAt: string | null
  completedAt: string | null
  contactListId: number | null
  contactList: NamedRef | null
  tagListId: number | null
  whatsappId: number | null
  whatsapp: NamedRef | null
  userId: number | null
  queueId: number | null
  statusTicket: 'closed' | 'pending' | 'open'
  openTicket: 'enabled' | 'disabled'
  mediaPath: string | null
  mediaName: string | null
  progress: CampaignProgress
  createdAt: string
  updatedAt: string
}

export interface CampaignPage {
  records: Campaign[]
  count: number
  hasMore: boolean
}

/** The body of POST /campaigns and PUT /campaigns/{id}. */
export interface CampaignBody {
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
  confirmation: boolean
  scheduledAt: string | null
  contactListId: number | null
  tagListId: number | null
  whatsappId: number | null
  userId: number | null
  queueId: number | null
  statusTicket: 'closed' | 'pending' | 'open'
  openTicket: 'enabled' | 'disabled'
}

// ---- Calls (spec part 2 §7) ---------------------------------------------------------------------------

/** GET /campaigns (20 a page, newest first), the search in lowercase as every list searches (§5). */
export const fetchCampaignPage = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  api<CampaignPage>('/campaigns', { query: { searchParam: searchParam.trim().toLowerCase(), pageNumber }, signal })
export const fetchCampaign = (id: number, signal?: AbortSignal) => api<Campaign>(`/campaigns/${id}`, { signal })

export async function createCampaign(body: CampaignBody): Promise<Campaign> {
  return published('create', await api<Campaign>('/campaigns', { method: 'POST', json: body }))
}
export async function updateCampaign(id: number, body: CampaignBody): Promise<Campaign> {
  return published('update', await api<Campaign>(`/campaigns/${id}`, { method: 'PUT', json: body }))
}
export async function deleteCampaign(id: number): Promise<void> {
  await api<unknown>(`/campaigns/${id}`, { method: 'DELETE' })
  publishCampaignEvent({ action: 'delete', id })
}
/** POST /campaigns/{id}/cancel: only EM_ANDAMENTO (else 409 ERR_CAMPAIGN_NOT_IN_PROGRESS). */
export async function cancelCampaign(id: number): Promise<Campaign> {
  return published('update', await api<Campaign>(`/campaigns/${id}/cancel`, { method: 'POST' }))
}
/** POST /campaigns/{id}/restart: only CANCELADA (else 409 ERR_CAMPAIGN_NOT_CANCELLED). */
export async function restartCampaign(id: number): Promise<Campaign> {
  return published('update', await api<Campaign>(`/campaigns/${id}/restart`, { method: 'POST' }))
}
export async function uploadCampaignMedia(id: number, file: File): Promise<Campaign> {
  const form = new FormData()
  form.append('file', file)
  return published('update', await api<Campaign>(`/campaigns/${id}/media-upload`, { method: 'POST', form }))
}
export async function removeCampaignMedia(id: number): Promise<Campaign> {
  return published('update', await api<Campaign>(`/campaigns/${id}/media-upload`, { method: 'DELETE' }))
}

/** GET /contact-lists/list: every contact list of the company, for the dialog's select. */
export const fetchContactListOptions = (signal?: AbortSignal) => api<NamedRef[]>('/contact-lists/list', { signal })

/** GET /campaign-settings: only the custom variables matter here (the message helper names them). */
export async function fetchCampaignVariables(signal?: AbortSignal): Promise<string[]> {
  const settings = await api<{ variables?: { key?: unknown }[] }>('/campaign-settings', { signal })
  return (settings?.variables ?? []).map((v) => v.key).filter((k): k is string => typeof k === 'string' && k.trim() !== '')
}

// ---- Live events (spec part 2 §7: lists upsert on create and update and remove on delete) ----------

export type CampaignEvent = { action: 'create' | 'update'; record: Campaign } | { action: 'delete'; id: number }

const EVENT_NAME = /^company-\d+-campaign$/

/** A frame's data when it is a campaign event, else null. */
export function parseCampaignEvent(event: string, data: unknown): CampaignEvent | null {
  if (!EVENT_NAME.test(event) || !data || typeof data !== 'object') return null
  const d = data as { action?: unknown; record?: { id?: unknown }; id?: unknown }
  if (d.action === 'delete') {
    const id = Number(d.id ?? d.record?.id)
    return Number.isInteger(id) && id > 0 ? { action: 'delete', id } : null
  }
  if (d.action !== 'create' && d.action !== 'update') return null
  if (!d.record || typeof d.record.id !== 'number') return null
  return { action: d.action, record: d.record as Campaign }
}

/** Whether a campaign belongs to a list searched by name (lowercase, as the server searches). */
export const matchesCampaignSearch = (c: Pick<Campaign, 'name'>, search: string) => c.name.toLowerCase().includes(search.trim().toLowerCase())

/**
 * A list after an event: a delete removes the campaign; an update replaces it where it is; a create (or an
 * update of one not loaded) adds it on top when it matches the search. Newest first, each campaign once.
 */
export function applyCampaignEvent(list: Campaign[], event: CampaignEvent, search = ''): Campaign[] {
  if (event.action === 'delete') return list.filter((c) => c.id !== event.id)
  const { record } = event
  if (list.some((c) => c.id === record.id)) return list.map((c) => (c.id === record.id ? record : c))
  if (!matchesCampaignSearch(record, search)) return list
  return sortCampaigns([record, ...list])
}

/** The server's order: newest (highest id) first. */
export const sortCampaigns = (list: Campaign[]) => [...list].sort((a, b) => b.id - a.id)

/** Pages merged: each campaign once (a live create may come again in the next page), newest first. */
export function mergeCampaignPages(a: Campaign[], b: Campaign[]): Campaign[] {
  const byId = new Map<number, Campaign>()
  for (const c of [...a, ...b]) byId.set(c.id, c)
  return sortCampaigns([...byId.values()])
}

type Listener = (event: CampaignEvent) => void
const localListeners = new Set<Listener>()

function publishCampaignEvent(event: CampaignEvent): void {
  for (const l of localListeners) l(event)
}

function published(action: 'create' | 'update', record: Campaign): Campaign {
  publishCampaignEvent({ action, record })
  return record
}

/** Calls listener with every campaign event, from the socket or from this tab's own calls. */
export function subscribeCampaignEvents(listener: Listener): () => void {
  localListeners.add(listener)
  const off = onRealtimeEvent((event, data) => {
    const parsed = parseCampaignEvent(event, data)
    if (parsed) listener(parsed)
  })
  return () => {
    localListeners.delete(listener)
    off()
  }
}
