import { api } from '../../lib/api.ts'
import type { Page } from '../../lib/use-paged-records.ts'

/**
 * Queue integrations (spec part 2 §2 "Integrations", §7 /queueIntegration): online only, the server's rows.
 * jsonContent is a secret the server never answers; hasJsonContent says whether one is stored.
 */

export const INTEGRATION_TYPES = ['typebot', 'flowbuilder', 'n8n', 'webhook', 'dialogflow'] as const
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]
export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type IntegrationLanguage = (typeof INTEGRATION_LANGUAGES)[number]

export interface Integration {
  id: number
  type: IntegrationType
  name: string
  projectName: string | null
  language: IntegrationLanguage | null
  urlN8N: string | null
  typebotDelayMessage: number | null
  typebotExpires: number | null
  typebotKeywordFinish: string | null
  typebotKeywordRestart: string | null
  typebotRestartMessage: string | null
  typebotSlug: string | null
  typebotUnknownMessage: string | null
  flowId: number | null
  hasJsonContent: boolean
  createdAt: string
  updatedAt: string
}

export interface IntegrationInput {
  type: IntegrationType
  name: string
  language: IntegrationLanguage
  projectName: string
  jsonContent?: string
  urlN8N: string
  typebotSlug: string
  typebotDelayMessage: number
  typebotExpires: number
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotRestartMessage: string
  typebotUnknownMessage: string
  flowId: number | null
}

/** GET /queueIntegration/?searchParam&pageNumber (20 a page, by lower(name), id). */
export async function fetchIntegrations(search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<Integration>> {
  const res = await api<{ queueIntegrations: Integration[]; hasMore: boolean }>('/queueIntegration/', { query: { searchParam: search.trim().toLowerCase(), pageNumber }, signal })
  return { records: res.queueIntegrations, hasMore: res.hasMore, count: res.queueIntegrations.length }
}

export const integrationCalls = {
  create: (body: IntegrationInput) => api<Integration>('/queueIntegration', { method: 'POST', json: body }),
  update: (id: number, body: IntegrationInput) => api<Integration>(`/queueIntegration/${id}`, { method: 'PUT', json: body }),
  remove: (id: number) => api(`/queueIntegration/${id}`, { method: 'DELETE' }),
  /** One detectIntent with these credentials, or the stored ones of `id` when jsonContent is blank (issue 22). */
  testSession: (body: { projectName: string; jsonContent: string; language: IntegrationLanguage; id: number | null }) =>
    api<{ ok: true; queryText: string; fulfillmentText: string; intent: string | null } | { ok: false; reason: string }>('/queueIntegration/testSession', { method: 'POST', json: body }),
  /** The secret n8n and webhook POSTs are signed with: only this admin call answers it (issue 22). */
  signingSecret: async (id: number, signal?: AbortSignal) => (await api<{ signingSecret: string }>(`/queueIntegration/${id}`, { signal })).signingSecret,
}

/** The types whose calls are signed POSTs to the URL (the server's runtime, issue 22). */
export const POSTED_TYPES: IntegrationType[] = ['n8n', 'webhook']

/** Pages joined, each integration once (the newer copy wins), in the server's order (lower(name), id). */
export function mergeIntegrations(a: Integration[], b: Integration[]): Integration[] {
  const byId = new Map<number, Integration>()
  for (const i of [...a, ...b]) byId.set(i.id, i)
  return [...byId.values()].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.id - y.id)
}

/**
 * A live event (server: company-{id}-queueIntegration {action, record}) applied to the loaded list: delete
 * removes the row; create and update replace it, or add it when it matches the search.
 */
export function applyIntegrationEvent(rows: Integration[], event: string, data: unknown, search: string): Integration[] {
  if (!/^company-\d+-queueIntegration$/.test(event)) return rows
  const d = (data ?? {}) as { action?: string; record?: Partial<Integration> }
  const id = d.record?.id
  if (typeof id !== 'number') return rows
  if (d.action === 'delete') return rows.some((r) => r.id === id) ? rows.filter((r) => r.id !== id) : rows
  if ((d.action !== 'create' && d.action !== 'update') || typeof d.record?.name !== 'string') return rows
  const known = rows.some((r) => r.id === id)
  if (!known && !d.record.name.toLowerCase().includes(search.trim().toLowerCase())) return rows
  return mergeIntegrations(rows.filter((r) => r.id !== id), [d.record as Integration])
}
