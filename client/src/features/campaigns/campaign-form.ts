import { LOOKUP_MIN_CHARS } from '../../lib/local-sql.ts'
import type { Campaign, CampaignBody, CampaignStatus } from './campaigns.ts'

/** Up to 5 message variants and 5 confirmation variants (spec part 2 §9). */
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const
export type MessageSlot = (typeof MESSAGE_SLOTS)[number]
export type MessageKey = `message${MessageSlot}`
export type ConfirmationKey = `confirmationMessage${MessageSlot}`

/** Editable more than 1 hour before the scheduled time (spec part 2 §9). */
export const EDIT_LEAD_MS = 60 * 60 * 1000

export interface CampaignFormValues extends Record<MessageKey | ConfirmationKey, string> {
  name: string
  confirmation: boolean
  /** datetime-local text ('2026-11-20T10:00') on the browser's clock, '' for none. */
  scheduledAt: string
  contactListId: number | null
  tagListId: number | null
  whatsappId: number | null
  openTicket: 'enabled' | 'disabled'
  userId: number | null
  queueId: number | null
  statusTicket: 'closed' | 'pending' | 'open'
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A Date as datetime-local text in the browser's time zone. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const blankMessages = () =>
  Object.fromEntries(MESSAGE_SLOTS.flatMap((n) => [[`message${n}`, ''], [`confirmationMessage${n}`, '']])) as Record<MessageKey | ConfirmationKey, string>

/** A new campaign (spec part 2 §4): confirmation off, tag 'Nenhuma', ticket status closed, open-ticket disabled. */
export function newCampaignValues(): CampaignFormValues {
  return {
    name: '',
    ...blankMessages(),
    confirmation: false,
    scheduledAt: '',
    contactListId: null,
    tagListId: null,
    whatsappId: null,
    openTicket: 'disabled',
    userId: null,
    queueId: null,
    statusTicket: 'closed',
  }
}

export function campaignFormValuesOf(c: Campaign): CampaignFormValues {
  const messages = blankMessages()
  for (const n of MESSAGE_SLOTS) {
    messages[`message${n}`] = c[`message${n}`] ?? ''
    messages[`confirmationMessage${n}`] = c[`confirmationMessage${n}`] ?? ''
  }
  return {
    name: c.name,
    ...messages,
    confirmation: c.confirmation,
    scheduledAt: c.scheduledAt ? toLocalInput(new Date(c.scheduledAt)) : '',
    contactListId: c.contactListId,
    tagListId: c.tagListId,
    whatsappId: c.whatsappId,
    openTicket: c.openTicket,
    userId: c.userId,
    queueId: c.queueId,
    statusTicket: c.statusTicket,
  }
}

/**
 * Spec part 2 §4: editable while INATIVA, or PROGRAMADA more than 1 hour before its time. A cancelled
 * campaign still shows save (the server takes the edit, so it can be fixed and restarted); a new one is
 * always editable. Anything else (in progress, finished, scheduled within the hour) is read-only.
 */
export function isCampaignEditable(c: { status: CampaignStatus; scheduledAt: string | null } | null, now: Date = new Date()): boolean {
  if (!c) return true
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false
  return new Date(c.scheduledAt).getTime() - now.getTime() > EDIT_LEAD_MS
}

export type CampaignField = 'name' | 'whatsappId' | 'contactListId' | 'queueId' | 'scheduledAt' | 'message1' | 'confirmationMessage1'
export type CampaignProblems = Partial<Record<CampaignField, string>>

const REQUIRED = 'campaigns.validation.required'
const filled = (v: CampaignFormValues, prefix: 'message' | 'confirmationMessage') => MESSAGE_SLOTS.some((n) => v[`${prefix}${n}`].trim() !== '')

/**
 * Mirrors the server's rules (spec part 2 §5): name 2-50, a connection, a contact list or a tag, a queue
 * when a user opens the ticket, at least one message, and one confirmation message with confirmation on.
 * Answers i18n keys.
 */
export function campaignProblems(v: CampaignFormValues): CampaignProblems {
  const out: CampaignProblems = {}
  const name = v.name.trim()
  if (!name) out.name = REQUIRED
  else if (name.length < 2) out.name = 'campaigns.validation.tooShort'
  else if (name.length > 50) out.name = 'campaigns.validation.tooLong'
  if (!v.whatsappId) out.whatsappId = REQUIRED
  if (!v.contactListId && !v.tagListId) out.contactListId = 'errors.ERR_CAMPAIGN_NO_TARGET'
  if (v.openTicket === 'enabled' && v.userId && !v.queueId) out.queueId = REQUIRED
  if (v.scheduledAt.trim() && Number.isNaN(new Date(v.scheduledAt).getTime())) out.scheduledAt = 'campaigns.validation.invalidDate'
  if (!filled(v, 'message')) out.message1 = REQUIRED
  if (v.confirmation && !filled(v, 'confirmationMessage')) out.confirmationMessage1 = REQUIRED
  return out
}

/**
 * The reasons to show now: a client rule's reason goes as soon as the value is fixed (no second submit
 * needed); the server's reasons stay until their field is edited (useDialogForm keeps those).
 */
export function currentProblems(shown: Partial<Record<string, string>>, values: CampaignFormValues): Partial<Record<string, string>> {
  const now: Partial<Record<string, string>> = campaignProblems(values)
  const out: Partial<Record<string, string>> = {}
  for (const [field, reason] of Object.entries(shown)) {
    if (!reason) continue
    const fromClient = reason.startsWith('campaigns.validation.') || reason === 'errors.ERR_CAMPAIGN_NO_TARGET'
    if (!fromClient || now[field]) out[field] = reason
  }
  return out
}

/**
 * The request body. The time goes as the instant picked on the browser's clock; with open-ticket disabled
 * the user, queue and ticket status are locked (§4), so none is sent; a list wins over a tag, as the server keeps one.
 */
export function campaignRequestBody(v: CampaignFormValues): CampaignBody {
  const open = v.openTicket === 'enabled'
  const messages = blankMessages()
  for (const n of MESSAGE_SLOTS) {
    messages[`message${n}`] = v[`message${n}`]
    messages[`confirmationMessage${n}`] = v[`confirmationMessage${n}`]
  }
  return {
    name: v.name.trim(),
    ...messages,
    confirmation: v.confirmation,
    scheduledAt: v.scheduledAt.trim() ? new Date(v.scheduledAt).toISOString() : null,
    contactListId: v.contactListId,
    tagListId: v.contactListId ? null : v.tagListId,
    whatsappId: v.whatsappId,
    openTicket: v.openTicket,
    userId: open ? v.userId : null,
    queueId: open ? v.queueId : null,
    statusTicket: open ? v.statusTicket : 'closed',
  }
}

/** The message tabs that hold text, so a filled variant is marked on its tab. */
export function filledSlots(v: CampaignFormValues, prefix: 'message' | 'confirmationMessage'): MessageSlot[] {
  return MESSAGE_SLOTS.filter((n) => v[`${prefix}${n}`].trim() !== '')
}

/**
 * The users offered for a typed name (spec part 2 §9: the search starts at 3 characters): none below that,
 * else those whose name contains it, ignoring case and accents, at most `limit`.
 */
export function matchingUsers<U extends { name: string }>(users: U[], typed: string, limit = 20): U[] {
  const term = fold(typed.trim())
  if (term.length < LOOKUP_MIN_CHARS) return []
  return users.filter((u) => fold(u.name).includes(term)).slice(0, limit)
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
