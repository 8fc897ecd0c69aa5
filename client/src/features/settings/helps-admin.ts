import type { Help } from '../../../../server/domain/helps/helps.ts'
import { api } from '../../lib/api.ts'

/** The super user's help videos (spec part 2 §3 Help entry): title, description, YouTube video code. */

export type { Help }

export interface HelpFormValues {
  title: string
  description: string
  video: string
}

export const newHelpValues = (): HelpFormValues => ({ title: '', description: '', video: '' })
export const helpValuesOf = (h: Help): HelpFormValues => ({ title: h.title, description: h.description, video: h.video })

/** A pasted YouTube link becomes its video code (the server does the same). */
export function videoCode(v: string): string {
  const m = /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/))([\w-]+)/i.exec(v.trim())
  return m ? m[1] : v.trim()
}

/** Title 2-100 (the server's rule); the video a code of letters, digits, - and _, or a YouTube link. */
export function helpFormProblems(v: HelpFormValues): Partial<Record<keyof HelpFormValues, string>> {
  const p: Partial<Record<keyof HelpFormValues, string>> = {}
  const title = v.title.trim()
  if (!title) p.title = 'validation.required'
  else if (title.length < 2) p.title = 'validation.tooShort'
  else if (title.length > 100) p.title = 'validation.tooLong'
  if (!/^[\w-]*$/.test(videoCode(v.video))) p.video = 'settings.helps.invalidVideo'
  return p
}

const body = (v: HelpFormValues) => ({ title: v.title.trim(), description: v.description, video: videoCode(v.video) })
export const fetchHelps = (signal?: AbortSignal) => api<Help[]>('/helps/list', { signal })
export const createHelp = (v: HelpFormValues) => api<Help>('/helps', { method: 'POST', json: body(v) })
export const updateHelp = (id: number, v: HelpFormValues) => api<Help>(`/helps/${id}`, { method: 'PUT', json: body(v) })
export const deleteHelp = (id: number) => api<void>(`/helps/${id}`, { method: 'DELETE' })
