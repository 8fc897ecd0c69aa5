import { randomBytes } from 'node:crypto'
import type { PlanFeature } from '../auth/auth-context.ts'
import type { Channel } from './connection-view.ts'

/** Spec part 2 §9: connection token length 30; §5: random alphanumerics. */
export const TOKEN_LENGTH = 30
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 30 random alphanumerics from the system's CSPRNG (rejection sampling keeps every character equally likely). */
export function generateToken(length = TOKEN_LENGTH): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes above it would favour the first characters.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62]
    }
  }
  return out
}

/** Which plan switch opens each channel (spec part 2 §6: the new-connection menu follows the flags). */
export const channelPlanFlag: Record<Channel, PlanFeature> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  simulator: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
}

/** Import history may start at most 2 years back (spec part 2 §9). */
export const IMPORT_MAX_YEARS = 2
/** Collective vacation dates may lie at most 10 days in the past (spec part 2 §5). */
export const VACATION_MIN_DAYS_AGO = 10

/** The fields the connection rules read: the row as it will be after the save. */
export interface RuleFields {
  ratingMessage: string
  expiresTicketNPS: number
  timeSendQueue: number
  sendIdQueue: number | null
  enableImportMessage: boolean
  importOldMessages: Date | string | null
  importRecentMessages: Date | string | null
  queueIdImportMessages: number | null
  collectiveVacationMessage: string
  collectiveVacationStart: string | null
  collectiveVacationEnd: string | null
}

export interface RuleContext {
  /** company_settings.user_rating is enabled. */
  ratingsOn: boolean
  now: Date
  /** Check the import dates (they were sent): a saved import is not refused later because time passed. */
  checkImport: boolean
  /** Check the vacation dates' lower bound (they were sent). */
  checkVacationDates: boolean
}

export interface FieldIssue {
  field: string
  message: string
}

const time = (v: Date | string | null) => (v === null ? NaN : new Date(v).getTime())
const day = (d: Date) => d.toISOString().slice(0, 10)

/**
 * Spec part 2 §5 "Connection": the problems of a connection about to be saved, each with the spec's
 * message key (whatsappModal.*), which the client translates. Empty when the connection may be saved.
 */
export function connectionProblems(f: RuleFields, ctx: RuleContext): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (ctx.ratingsOn && !f.ratingMessage.trim()) issues.push({ field: 'ratingMessage', message: 'whatsappModal.errorRatingMessage' })
  if (ctx.ratingsOn && f.expiresTicketNPS === 0) issues.push({ field: 'expiresTicketNPS', message: 'whatsappModal.errorExpiresNPS' })
  // A redirect time without a queue and a queue without a time are both refused.
  if (f.timeSendQueue > 0 && f.sendIdQueue === null) issues.push({ field: 'sendIdQueue', message: 'whatsappModal.errorSendQueue' })
  if (f.timeSendQueue === 0 && f.sendIdQueue !== null) issues.push({ field: 'timeSendQueue', message: 'whatsappModal.errorSendQueue' })
  if (f.enableImportMessage && ctx.checkImport) issues.push(...importProblems(f, ctx.now))
  issues.push(...vacationProblems(f, ctx))
  return issues
}

function importProblems(f: RuleFields, now: Date): FieldIssue[] {
  const issues: FieldIssue[] = []
  const earliest = new Date(now)
  earliest.setUTCFullYear(earliest.getUTCFullYear() - IMPORT_MAX_YEARS)
  const old = time(f.importOldMessages)
  const recent = time(f.importRecentMessages)
  const oldOk = old >= earliest.getTime() && old <= now.getTime()
  if (!oldOk) issues.push({ field: 'importOldMessages', message: 'whatsappModal.errorImportOldDate' })
  if (!(recent <= now.getTime() && (!oldOk || recent >= old))) {
    issues.push({ field: 'importRecentMessages', message: 'whatsappModal.errorImportRecentDate' })
  }
  if (f.queueIdImportMessages === null) issues.push({ field: 'queueIdImportMessages', message: 'whatsappModal.errorImportQueue' })
  return issues
}

function vacationProblems(f: RuleFields, ctx: RuleContext): FieldIssue[] {
  if (!f.collectiveVacationMessage.trim()) return []
  const min = new Date(ctx.now.getTime() - VACATION_MIN_DAYS_AGO * 86_400_000)
  const issues: FieldIssue[] = []
  for (const field of ['collectiveVacationStart', 'collectiveVacationEnd'] as const) {
    const v = f[field]
    if (!v || (ctx.checkVacationDates && v < day(min))) issues.push({ field, message: 'whatsappModal.errorVacationDates' })
  }
  const { collectiveVacationStart: start, collectiveVacationEnd: end } = f
  if (!issues.length && start && end && end < start) issues.push({ field: 'collectiveVacationEnd', message: 'whatsappModal.errorVacationDates' })
  return issues
}
