import { api } from '../../lib/api.ts'
import { applyRecordEvent } from '../../lib/live-records.ts'
import type { Page } from '../../lib/use-paged-records.ts'
import { AUTO_REPLY_CONDITIONS } from '../../../../server/domain/auto-replies/auto-reply-conditions.ts'

/** Keyword auto-replies (spec part 2 §2, §7 /auto-replies): online only, the server's rows. */

export { AUTO_REPLY_CONDITIONS }
export type AutoReplyCondition = (typeof AUTO_REPLY_CONDITIONS)[number]

export interface AutoReply {
  id: number
  keyword: string
  condition: AutoReplyCondition
  response: string
  mediaPath: string | null
  mediaName: string | null
}

export interface AutoReplyInput {
  keyword: string
  condition: AutoReplyCondition
  response: string
}

/** GET /auto-replies/?searchParam&pageNumber (20 a page, by lower(keyword), id). */
export async function fetchAutoReplies(search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<AutoReply>> {
  const res = await api<{ autoReplies: AutoReply[]; hasMore: boolean }>('/auto-replies/', { query: { searchParam: search.trim().toLowerCase(), pageNumber }, signal })
  return { records: res.autoReplies, hasMore: res.hasMore, count: res.autoReplies.length }
}

export const autoReplyCalls = {
  create: (body: AutoReplyInput) => api<AutoReply>('/auto-replies', { method: 'POST', json: body }),
  update: (id: number, body: AutoReplyInput) => api<AutoReply>(`/auto-replies/${id}`, { method: 'PUT', json: body }),
  remove: (id: number) => api(`/auto-replies/${id}`, { method: 'DELETE' }),
  attach: (id: number, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api<AutoReply>(`/auto-replies/${id}/media-upload`, { method: 'POST', form })
  },
  detach: (id: number) => api<AutoReply>(`/auto-replies/${id}/media-upload`, { method: 'DELETE' }),
}

/** Pages joined, each rule once (the newer copy wins), in the server's order (lower(keyword), id). */
export function mergeAutoReplies(a: AutoReply[], b: AutoReply[]): AutoReply[] {
  const byId = new Map<number, AutoReply>()
  for (const r of [...a, ...b]) byId.set(r.id, r)
  return [...byId.values()].sort((x, y) => x.keyword.toLowerCase().localeCompare(y.keyword.toLowerCase()) || x.id - y.id)
}

/** Another admin's change (company-{id}-autoReply {action, autoReply | autoReplyId}) on the loaded list, filtered by the search. */
export function applyAutoReplyEvent(rows: AutoReply[], event: string, data: unknown, search: string): AutoReply[] {
  return applyRecordEvent(rows, event, data, {
    kind: 'autoReply', record: 'autoReply', idKey: 'autoReplyId', merge: mergeAutoReplies,
    valid: (r) => typeof r.keyword === 'string',
    matches: (r) => r.keyword.toLowerCase().includes(search.trim().toLowerCase()),
  })
}

export interface AutoReplyFormValues extends AutoReplyInput {
  /** A file picked to attach on save. */
  file: File | null
  /** The stored file's name, kept unless removed. */
  mediaName: string | null
  removeMedia: boolean
}

export const newAutoReplyValues = (): AutoReplyFormValues => ({ keyword: '', condition: 'equal', response: '', file: null, mediaName: null, removeMedia: false })
export const autoReplyValuesOf = (r: AutoReply): AutoReplyFormValues => ({ keyword: r.keyword, condition: r.condition, response: r.response, file: null, mediaName: r.mediaName, removeMedia: false })

/** Spec part 2 §5 "Auto reply": keyword, condition and response all required. */
export function autoReplyFormProblems(v: AutoReplyFormValues): Partial<Record<'keyword' | 'response', string>> {
  const problems: Partial<Record<'keyword' | 'response', string>> = {}
  if (!v.keyword.trim()) problems.keyword = 'autoReplies.errors.required'
  if (!v.response.trim()) problems.response = 'autoReplies.errors.required'
  return problems
}
