import { useMemo } from 'react'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'

/**
 * Phrase campaigns (spec part 2 §2 "Phrase campaigns", §3, §7 /flowcampaign): a phrase that starts a
 * flow on a connection. Online only, the server's rows (shapes as in the issue 21 contract).
 */

export interface PhraseCampaign {
  id: number
  name: string
  flowId: number
  flowName: string | null
  whatsappId: number | null
  whatsappName: string | null
  phrase: string
  status: boolean
  createdAt: string
  updatedAt: string
}

export interface PhraseCampaignBody {
  name: string
  flowId: number
  whatsappId: number | null
  phrase: string
  status: boolean
}

/** GET /flowcampaign: the company's phrase campaigns (answer field `flow`), by name. */
export async function fetchPhraseCampaigns(signal?: AbortSignal): Promise<PhraseCampaign[]> {
  const res = await api<{ flow: PhraseCampaign[] }>('/flowcampaign', { signal })
  return sortPhraseCampaigns(res.flow ?? [])
}

export const sortPhraseCampaigns = (rows: PhraseCampaign[]) =>
  [...rows].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)

export const phraseCalls = {
  create: (body: PhraseCampaignBody) => api<PhraseCampaign>('/flowcampaign', { method: 'POST', json: body }),
  update: (id: number, body: PhraseCampaignBody) => api<PhraseCampaign>('/flowcampaign', { method: 'PUT', json: { id, ...body } }),
  remove: (id: number) => api(`/flowcampaign/${id}`, { method: 'DELETE' }),
}

export interface ConnectionChoice {
  id: number
  name: string
  status: string
}

const connectionQuery: SqlQuery = { sql: 'select id, name, status from whatsapps order by lower(name), id', params: [] }

/** The company's connections with their session status, live from the local database. */
export function useConnectionChoices(): ConnectionChoice[] {
  const db = useLocalFirst()?.db ?? null
  const rows = useLiveQuery<ConnectionChoice>(db, connectionQuery).rows
  return useMemo(() => rows.map((r) => ({ id: r.id, name: r.name ?? '', status: r.status ?? 'DISCONNECTED' })), [rows])
}

/** A live phrase campaign event (server: company-{id}-flowcampaign {action, record}) applied to the list. */
export function applyPhraseEvent(rows: PhraseCampaign[], event: string, data: unknown): PhraseCampaign[] {
  if (!/^company-\d+-flowcampaign$/.test(event)) return rows
  const d = (data ?? {}) as { action?: string; record?: Partial<PhraseCampaign> }
  const id = d.record?.id
  if (typeof id !== 'number') return rows
  if (d.action === 'delete') return rows.filter((r) => r.id !== id)
  if ((d.action !== 'create' && d.action !== 'update') || typeof d.record?.name !== 'string') return rows
  return sortPhraseCampaigns([...rows.filter((r) => r.id !== id), d.record as PhraseCampaign])
}
