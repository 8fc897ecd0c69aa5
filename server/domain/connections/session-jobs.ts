import type { Tx } from '../../db/connect.ts'

export type SessionAction = 'start' | 'restart' | 'logout'

export interface SessionJobPayload {
  whatsappId: number
  /** addressBook: write the phone's address book for an import that asked (address_book_reads). */
  action: SessionAction | 'addressBook'
  /** New QR: the worker drops the stored Baileys credentials before restarting, so the session pairs afresh. */
  wipeCredentials?: true
}

/**
 * Asks the session workers to act on one connection (queue 'session'). Sessions live in worker
 * processes: the API only records the wish, in the caller's transaction (through app_enqueue_job, the
 * app role's one door into the jobs table), so the job exists exactly when the status change committed.
 * Credentials are wiped by the worker that holds the session, never under a live socket that could
 * write them back.
 */
export async function enqueueSessionJob(tx: Tx, companyId: number, payload: SessionJobPayload, now: Date): Promise<void> {
  await tx`select app_enqueue_job('session', ${tx.json(payload as never)}::jsonb, ${companyId}, null, ${now})`
}
