import { useEffect, useState } from 'react'
import { api, ApiError } from '../../lib/api.ts'
import type { Page } from '../../lib/use-paged-records.ts'
import type { FieldProblem, SavedGraph } from './flow-model.ts'

/**
 * Flows (spec part 2 §7 /flowbuilder): online only, the server's rows. Shapes as in the issue 21
 * contract (FlowRow, {flows, hasMore}, {flow: {id, name, active, flow}}).
 */

export interface FlowRow {
  id: number
  name: string
  active: boolean
  userId: number | null
  createdAt: string
  updatedAt: string
}

export interface FlowWithGraph {
  id: number
  name: string
  active: boolean
  flow: SavedGraph
}

/** GET /flowbuilder?searchParam&pageNumber (20 a page, by lower(name), id). */
export async function fetchFlows(search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<FlowRow>> {
  const res = await api<{ flows: FlowRow[]; hasMore: boolean }>('/flowbuilder', { query: { searchParam: search.trim().toLowerCase(), pageNumber }, signal })
  return { records: res.flows, hasMore: res.hasMore, count: res.flows.length }
}

export const flowCalls = {
  create: (name: string) => api<{ flow: FlowRow }>('/flowbuilder', { method: 'POST', json: { name: name.trim() } }).then((r) => r.flow),
  rename: (flowId: number, name: string) => api<{ flow: FlowRow }>('/flowbuilder', { method: 'PUT', json: { flowId, name: name.trim() } }).then((r) => r.flow),
  remove: (id: number) => api(`/flowbuilder/${id}`, { method: 'DELETE' }),
  duplicate: (flowId: number) => api<{ flow: FlowRow }>('/flowbuilder/duplicate', { method: 'POST', json: { flowId } }).then((r) => r.flow),
  load: (id: number, signal?: AbortSignal) => api<{ flow: FlowWithGraph }>(`/flowbuilder/flow/${id}`, { signal }).then((r) => r.flow),
  save: (idFlow: number, graph: SavedGraph) =>
    api<{ flow: FlowWithGraph }>('/flowbuilder/flow', { method: 'POST', json: { idFlow, nodes: graph.nodes, connections: graph.connections } }).then((r) => r.flow),
}

const formOf = (files: File[]) => {
  const form = new FormData()
  for (const f of files) form.append('medias', f, f.name)
  form.append('fromMe', 'true')
  return form
}

/** POST /flowbuilder/img (image dialog) or /audio (audio and video dialogs): the stored name. */
export const uploadMedia = (kind: 'img' | 'audio' | 'video', file: File) =>
  api<{ name: string }>(kind === 'img' ? '/flowbuilder/img' : '/flowbuilder/audio', { method: 'POST', form: formOf([file]) }).then((r) => r.name)

/** POST /flowbuilder/content (content block): the stored names, in the files' order. */
export const uploadContent = (files: File[]) => api<{ names: string[] }>('/flowbuilder/content', { method: 'POST', form: formOf(files) }).then((r) => r.names)

/** Pages joined, each flow once (the newer copy wins), in the server's order (lower(name), id). */
export function mergeFlows(a: FlowRow[], b: FlowRow[]): FlowRow[] {
  const byId = new Map<number, FlowRow>()
  for (const f of [...a, ...b]) byId.set(f.id, f)
  return [...byId.values()].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.id - y.id)
}

/**
 * A live flow event (server: company-{id}-flowbuilder {action, flow}) applied to the loaded list: delete
 * removes the row; create and update replace it, or add it when it matches the search.
 */
export function applyFlowEvent(rows: FlowRow[], event: string, data: unknown, search: string): FlowRow[] {
  if (!/^company-\d+-flowbuilder$/.test(event)) return rows
  const d = (data ?? {}) as { action?: string; flow?: Partial<FlowRow> }
  const id = d.flow?.id
  if (typeof id !== 'number') return rows
  if (d.action === 'delete') return rows.some((r) => r.id === id) ? rows.filter((r) => r.id !== id) : rows
  if ((d.action !== 'create' && d.action !== 'update') || typeof d.flow?.name !== 'string') return rows
  const known = rows.some((r) => r.id === id)
  if (!known && !d.flow.name.toLowerCase().includes(search.trim().toLowerCase())) return rows
  return mergeFlows(rows.filter((r) => r.id !== id), [d.flow as FlowRow])
}

/** The field list of a 400 ERR_VALIDATION, or null for any other failure. */
export function validationFields(err: unknown): FieldProblem[] | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null
  const fields = (err.body as { fields?: unknown } | null)?.fields
  if (!Array.isArray(fields)) return null
  return fields.filter((f): f is FieldProblem => !!f && typeof f.field === 'string' && typeof f.message === 'string')
}

/** Every flow of the company (for pickers: connection flows, phrase campaigns), all pages. */
export async function fetchAllFlows(signal?: AbortSignal): Promise<FlowRow[]> {
  const all: FlowRow[] = []
  for (let page = 1; page <= 50; page++) {
    const res = await fetchFlows('', page, signal)
    all.push(...res.records)
    if (!res.hasMore) break
  }
  return all
}

/** The company's flows as id/name choices; empty while loading or when the list cannot be read. */
export function useFlowOptions(enabled = true): { id: number; name: string }[] {
  const [flows, setFlows] = useState<{ id: number; name: string }[]>([])
  useEffect(() => {
    if (!enabled) return
    const ctl = new AbortController()
    fetchAllFlows(ctl.signal)
      .then((rows) => setFlows(rows.map((f) => ({ id: f.id, name: f.name }))))
      .catch((err: unknown) => !ctl.signal.aborted && console.warn('flows unreadable', err))
    return () => ctl.abort()
  }, [enabled])
  return flows
}
