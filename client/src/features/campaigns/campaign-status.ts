import type { Campaign, CampaignEvent, CampaignStatus } from './campaigns.ts'

/** The report reads the campaign again this long after a live FINALIZADA arrives (spec part 2 §4, §9). */
export const FINISHED_RELOAD_MS = 5000

/** Chip colours by status: grey inactive, blue scheduled, amber in progress, red cancelled, green finished. */
export const STATUS_TONES: Record<CampaignStatus, string> = {
  INATIVA: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  PROGRAMADA: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  EM_ANDAMENTO: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  CANCELADA: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  FINALIZADA: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
}

export interface CampaignActions {
  stop: boolean
  restart: boolean
  report: boolean
}

/** Row actions (spec part 2 §2, §4): stop only in progress, restart only cancelled, the report once it left INATIVA. */
export function campaignActions(c: Pick<Campaign, 'status'>): CampaignActions {
  return { stop: c.status === 'EM_ANDAMENTO', restart: c.status === 'CANCELADA', report: c.status !== 'INATIVA' }
}

/** A share in whole percent, 0 when there is nothing to count, never over 100. */
export function percentOf(part: number, whole: number): number {
  if (!whole || whole <= 0 || !Number.isFinite(part)) return 0
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)))
}

export interface ProgressBar {
  key: 'delivered' | 'confirmed'
  done: number
  total: number
  percent: number
}

/**
 * The report's bars: messages delivered of the valid contacts, and with confirmation on, the contacts
 * that confirmed of those asked.
 */
export function reportBars(c: Pick<Campaign, 'confirmation' | 'progress'>): ProgressBar[] {
  const p = c.progress ?? { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 }
  const bars: ProgressBar[] = [{ key: 'delivered', done: p.delivered, total: p.valid, percent: percentOf(p.delivered, p.valid) }]
  if (c.confirmation) bars.push({ key: 'confirmed', done: p.confirmed, total: p.confirmationRequested, percent: percentOf(p.confirmed, p.confirmationRequested) })
  return bars
}

/**
 * What a live event means for the report open on campaign `id`: a new record to show, that the campaign is
 * gone, or nothing; `finished` when the record arrives FINALIZADA (the report then reads it again 5 s later).
 */
export function reportUpdate(id: number, event: CampaignEvent): { record: Campaign | null; deleted: boolean; finished: boolean } | null {
  if (event.action === 'delete') return event.id === id ? { record: null, deleted: true, finished: false } : null
  if (event.record.id !== id) return null
  return { record: event.record, deleted: false, finished: event.record.status === 'FINALIZADA' }
}
