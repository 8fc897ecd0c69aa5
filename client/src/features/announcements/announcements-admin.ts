import { api, ApiError } from '../../lib/api.ts'
import type { Announcement } from '../../lib/types.ts'
import { publishAnnouncementEvent } from './announcements.ts'

/**
 * The super user's /announcements page (spec part 2 §2, §3 Announcement, §5, §6): online only, through
 * GET/POST/PUT/DELETE /announcements and POST/DELETE /announcements/{id}/media-upload (multipart `file`).
 */

export type Priority = 1 | 2 | 3
/** 1 high, 2 medium, 3 low (spec part 2 §3). */
export const PRIORITIES: Priority[] = [1, 2, 3]
export const PRIORITY_KEYS: Record<Priority, 'high' | 'medium' | 'low'> = { 1: 'high', 2: 'medium', 3: 'low' }

/** The server's limits (server/routes/announcements.schema.ts). */
export const TITLE_MAX = 200
export const TEXT_MAX = 5000

/** Spec part 2 §5: the attachment accepts png, jpg and jpeg. */
export const ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg'

export interface AnnouncementFormValues {
  title: string
  text: string
  priority: Priority
  status: boolean
  /** A new attachment chosen in the dialog (uploaded after the save). */
  file: File | null
  /** The attachment the announcement has now, by its original name. */
  mediaName: string | null
  /** The current attachment is to be removed on save (DELETE …/media-upload). */
  removeMedia: boolean
}

export type AnnouncementField = 'title' | 'text' | 'priority' | 'status' | 'file'

/** A new announcement: low priority, active (spec part 2 §3, §9: priority default 3). */
export function newAnnouncementValues(): AnnouncementFormValues {
  return { title: '', text: '', priority: 3, status: true, file: null, mediaName: null, removeMedia: false }
}

export function announcementValuesOf(a: Announcement): AnnouncementFormValues {
  return { title: a.title, text: a.text, priority: a.priority, status: a.status, file: null, mediaName: a.mediaName, removeMedia: false }
}

/** Whether a chosen file is a png, jpg or jpeg, by its name and (when the browser knows it) its type. */
export function isAcceptedAttachment(file: Pick<File, 'name' | 'type'>): boolean {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return false
  return !file.type || /^image\/(png|jpe?g)$/.test(file.type)
}

export const FILE_TYPE_PROBLEM = 'announcementsPage.validation.fileType'

/** The attachment's problem as an i18n key, or null. */
export function attachmentProblem(file: Pick<File, 'name' | 'type'> | null): string | null {
  return file && !isAcceptedAttachment(file) ? FILE_TYPE_PROBLEM : null
}

/** The announcement form (spec part 2 §5): title and text required, the attachment png/jpg/jpeg only. */
export function announcementFormProblems(v: AnnouncementFormValues): Partial<Record<AnnouncementField, string>> {
  const p: Partial<Record<AnnouncementField, string>> = {}
  const title = v.title.trim()
  if (!title) p.title = 'announcementsPage.validation.required'
  else if (title.length > TITLE_MAX) p.title = 'validation.tooLong'
  const text = v.text.trim()
  if (!text) p.text = 'announcementsPage.validation.required'
  else if (text.length > TEXT_MAX) p.text = 'validation.tooLong'
  if (!PRIORITIES.includes(v.priority)) p.priority = 'announcementsPage.validation.required'
  const file = attachmentProblem(v.file)
  if (file) p.file = file
  return p
}

/** The JSON of POST and PUT /announcements: trimmed texts, the priority as 1, 2 or 3, the status as a boolean. */
export function announcementRequestBody(v: AnnouncementFormValues) {
  return { title: v.title.trim(), text: v.text.trim(), priority: v.priority, status: v.status }
}

/** The calls a save makes; the page passes the real ones, tests their own. */
export interface AnnouncementCalls {
  create(body: ReturnType<typeof announcementRequestBody>): Promise<Announcement>
  update(id: number, body: ReturnType<typeof announcementRequestBody>): Promise<Announcement>
  upload(id: number, file: File): Promise<Announcement>
  removeMedia(id: number): Promise<Announcement>
}

export interface SaveResult {
  /** The announcement as the server has it after every call that went through. */
  record: Announcement
  /** The attachment call failed after the announcement itself was saved. */
  attachmentError: unknown
}

/**
 * Saves the form: creates or updates the announcement, then uploads the new attachment (the server swaps
 * it for the old one) or, when asked, removes the current one. A failed create or update rejects; a failed
 * attachment call after a good save answers the saved record with the error, so the caller can keep the
 * dialog open on the attachment without creating the announcement twice.
 */
export async function saveAnnouncement(calls: AnnouncementCalls, id: number | null, v: AnnouncementFormValues): Promise<SaveResult> {
  const body = announcementRequestBody(v)
  let record = id ? await calls.update(id, body) : await calls.create(body)
  try {
    if (v.file) record = await calls.upload(record.id, v.file)
    else if (v.removeMedia && record.mediaName) record = await calls.removeMedia(record.id)
  } catch (err) {
    return { record, attachmentError: err }
  }
  return { record, attachmentError: null }
}

/** The field reason of a refused attachment (its server code as an errors.* key), or null for other failures. */
export function attachmentRefusal(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status === 0 || err.status === 401 || err.status >= 500) return null
  return { file: err.code ? `errors.${err.code}` : err.message || 'announcementsPage.attachmentFailed' }
}

// ---- Calls (spec part 2 §7); each answer is told to this tab's lists at once ----

const told = <T extends Announcement>(action: 'create' | 'update', record: T): T => {
  publishAnnouncementEvent({ action, record })
  return record
}

export const announcementCalls: AnnouncementCalls = {
  create: async (body) => told('create', await api<Announcement>('/announcements', { method: 'POST', json: body })),
  update: async (id, body) => told('update', await api<Announcement>(`/announcements/${id}`, { method: 'PUT', json: body })),
  upload: async (id, file) => {
    const form = new FormData()
    form.append('file', file, file.name)
    return told('update', await api<Announcement>(`/announcements/${id}/media-upload`, { method: 'POST', form }))
  },
  removeMedia: async (id) => told('update', await api<Announcement>(`/announcements/${id}/media-upload`, { method: 'DELETE' })),
}

export async function deleteAnnouncement(a: Announcement): Promise<void> {
  await api(`/announcements/${a.id}`, { method: 'DELETE' })
  publishAnnouncementEvent({ action: 'delete', record: a })
}
