import { useEffect, useMemo, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import i18n from '../../i18n/index.ts'

export type Channel = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'simulator'
export type SessionStatus = 'qrcode' | 'DISCONNECTED' | 'CONNECTED' | 'PAIRING' | 'TIMEOUT' | 'OPENING'

/** A row of the connections table, from the local database (spec part 2 §2 Connections page). */
export interface ConnectionRow {
  id: number
  name: string
  channel: Channel
  number: string
  status: string
  qrcode: string
  isDefault: boolean
  updatedAt: string
  statusImportMessages: string | null
}

/** A connection as GET /whatsapp/{id} answers (the editor's source; token only for managers). */
export interface Connection extends Record<string, unknown> {
  id: number
  companyId: number
  name: string
  channel: Channel
  status: string
  qrcode: string
  token?: string | null
  queueIds: number[]
  greetingMediaAttachment: string | null
}

export type { QueueOption } from '../queues/index.ts'

/** The company's connections, default first and then by name, as the table shows them. */
export const connectionListQuery: SqlQuery = {
  sql: `select id, name, channel, number, status, coalesce(qrcode, '') as qrcode, is_default, updated_at, status_import_messages
          from whatsapps order by lower(name), id`,
  params: [],
}

type Raw = { id: number; name: string; channel: Channel; number: string; status: string; qrcode: string; is_default: boolean; updated_at: string | Date; status_import_messages: string | null }

export function toConnectionRow(r: Raw): ConnectionRow {
  return {
    id: r.id,
    name: r.name ?? '',
    channel: r.channel ?? 'whatsapp',
    number: r.number ?? '',
    status: r.status ?? 'DISCONNECTED',
    qrcode: r.qrcode ?? '',
    isDefault: r.is_default === true,
    updatedAt: r.updated_at instanceof Date ? r.updated_at.toISOString() : String(r.updated_at ?? ''),
    statusImportMessages: r.status_import_messages ?? null,
  }
}

/** Statuses that put a warning badge on the connections menu entry (spec part 1 §2). */
export const CONNECTION_WARNING_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const

const warningQuery: SqlQuery = {
  sql: `select count(*)::int as n from whatsapps where status in (${CONNECTION_WARNING_STATUSES.map((_, i) => `$${i + 1}`).join(', ')})`,
  params: [...CONNECTION_WARNING_STATUSES],
}

/**
 * Whether any connection needs attention, live from the local database (the spec checks once, 2 s after
 * load; a live query keeps the badge true to the rows as the worker changes them).
 */
export function useConnectionsWarning(): boolean {
  const db = useLocalFirst()?.db ?? null
  const rows = useLiveQuery<{ n: number }>(db, warningQuery).rows
  return (rows[0]?.n ?? 0) > 0
}

/** The connections from the local database, live: a status the worker writes shows without a reload. */
export function useConnectionList(): { connections: ConnectionRow[]; loading: boolean; error: unknown } {
  const db = useLocalFirst()?.db ?? null
  const { rows, loading, error } = useLiveQuery<Raw>(db, connectionListQuery)
  const connections = useMemo(() => rows.map(toConnectionRow), [rows])
  return { connections, loading, error }
}

/** userRating and scheduleType decide rules and tabs of the editor; a failed read keeps the defaults (part 2 §8). */
export function useConnectionSettings(companyId: number | undefined) {
  const [settings, setSettings] = useState({ ratingsOn: false, scheduleType: 'disabled' })
  useEffect(() => {
    if (!companyId) return
    api<{ userRating?: string; scheduleType?: string }>(`/companySettings/${companyId}`)
      .then((s) => setSettings({ ratingsOn: s.userRating === 'enabled', scheduleType: s.scheduleType ?? 'disabled' }))
      .catch((err: unknown) => console.warn('company settings unreadable', err))
  }, [companyId])
  return settings
}

/** The POST/PUT /whatsapp body that connection-form.ts builds from the editor's values. */
export type ConnectionBody = Record<string, unknown>

export const fetchConnection = (id: number) => api<Connection>(`/whatsapp/${id}`, { query: { session: 0 } })

export const createConnection = (body: ConnectionBody) => api<Connection>('/whatsapp', { method: 'POST', json: body })

export const updateConnection = (id: number, body: ConnectionBody) => api<Connection>(`/whatsapp/${id}`, { method: 'PUT', json: body })

export const deleteConnection = (id: number) => api<unknown>(`/whatsapp/${id}`, { method: 'DELETE' })

export function uploadGreetingMedia(id: number, file: File): Promise<Connection> {
  const form = new FormData()
  form.append('file', file)
  return api<Connection>(`/whatsapp/${id}/media-upload`, { method: 'POST', form })
}

export const removeGreetingMedia = (id: number) => api<Connection>(`/whatsapp/${id}/media-upload`, { method: 'DELETE' })

export type SessionCommand = 'start' | 'newQr' | 'disconnect'
const SESSION_METHOD: Record<SessionCommand, string> = { start: 'POST', newQr: 'PUT', disconnect: 'DELETE' }

/** POST (try again), PUT (new QR), DELETE (disconnect) /whatsappsession/{id}; the worker does the rest. */
export const sessionCommand = (id: number, command: SessionCommand) => api<Connection>(`/whatsappsession/${id}`, { method: SESSION_METHOD[command] })

export const closeImportedTickets = (id: number) => api<Connection>(`/closedimported/${id}`, { method: 'POST' })

export interface CompanyConnection {
  id: number
  name: string
  status: string
  number: string
  channel: Channel
  company: { id: number; name: string }
}

/** GET /whatsapp/all/?session=0 (super user). */
export const fetchAllConnections = () => api<CompanyConnection[]>('/whatsapp/all/', { query: { session: 0 } })

export interface CompanyConnectionCounts {
  companyId: number
  name: string
  connected: number
  disconnected: number
  total: number
}

/** The all-companies overview: per company connected, disconnected (anything not CONNECTED) and total, by name. */
export function countByCompany(list: CompanyConnection[], companies: { id: number; name: string }[] = []): CompanyConnectionCounts[] {
  const by = new Map<number, CompanyConnectionCounts>()
  for (const c of companies) by.set(c.id, { companyId: c.id, name: c.name, connected: 0, disconnected: 0, total: 0 })
  for (const w of list) {
    const row = by.get(w.company.id) ?? { companyId: w.company.id, name: w.company.name, connected: 0, disconnected: 0, total: 0 }
    if (w.status === 'CONNECTED') row.connected++
    else row.disconnected++
    row.total++
    by.set(w.company.id, row)
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/** The all-companies overview's rows: every company (GET /companies/list) with its connection counts. */
export function useCompanyConnectionCounts() {
  const [state, setState] = useState<{ rows: CompanyConnectionCounts[]; loading: boolean; error: unknown }>({ rows: [], loading: true, error: null })
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let current = true
    Promise.all([fetchAllConnections(), api<{ id: number; name: string }[]>('/companies/list')])
      .then(([list, companies]) => current && setState({ rows: countByCompany(list, companies), loading: false, error: null }))
      .catch((error: unknown) => current && setState({ rows: [], loading: false, error }))
    return () => {
      current = false
    }
  }, [version])
  return { ...state, reload: () => setVersion((v) => v + 1) }
}

/** GET /whatsapp?companyId= (super user): one company's connections, for the overview's dialog. */
export const fetchCompanyConnections = (companyId: number) => api<CompanyConnection[]>('/whatsapp', { query: { companyId, session: 0 } })

/** A session status in the app's language (the raw value for one without a translation). */
export function connectionStatusText(status: string): string {
  const key = `connections.statuses.${status}`
  return i18n.exists(key) ? i18n.t(key) : status
}
