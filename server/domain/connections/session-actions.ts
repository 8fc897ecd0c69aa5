import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { emitSession, findConnectionView, type ConnectionView } from './connection-view.ts'
import { enqueueSessionJob, type SessionAction } from './session-jobs.ts'

export type { SessionAction } from './session-jobs.ts'

/** The status the row shows until the worker reports (spec part 2 §4 "Connection status"). */
const wantedStatus: Record<SessionAction, string> = { start: 'OPENING', restart: 'OPENING', logout: 'DISCONNECTED' }

export interface SessionActionOptions {
  /** New QR: the worker drops the stored credentials before the restart, so it pairs afresh. */
  resetCredentials?: boolean
}

/**
 * The one entry point for session changes asked over HTTP (POST/PUT/DELETE /whatsappsession/{id},
 * POST /whatsapp-restart/): checks the permission, writes the wanted status (the QR code is cleared: a
 * new one comes from the worker) and enqueues one 'session' job {whatsappId, action} in the same
 * transaction. The worker owning the session consumes the job and reports the real status.
 */
export async function requestSessionAction(
  ctx: DomainCtx,
  whatsappId: number,
  action: SessionAction,
  opts: SessionActionOptions = {},
): Promise<ConnectionView> {
  const { tx, auth } = ctx
  assertCan(auth, 'connections:view')
  const [row] = await tx<{ companyId: number }[]>`select company_id from whatsapps where id = ${whatsappId} for update`
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
  await tx`update whatsapps set status = ${wantedStatus[action]}, qrcode = '', retries = 0 where id = ${whatsappId}`
  await enqueueSessionJob(tx, row.companyId, { whatsappId, action, ...(opts.resetCredentials ? { wipeCredentials: true } : {}) }, ctx.now())
  const view = (await findConnectionView(tx, whatsappId))!
  emitSession(ctx, view)
  return view
}

/** POST /whatsappsession/{id}: 'try again' starts the session with what it has. */
export const startSession = (ctx: DomainCtx, id: number) => requestSessionAction(ctx, id, 'start')

/** PUT /whatsappsession/{id}: 'new QR' wipes the credentials and restarts, so a fresh QR code comes. */
export const requestNewQrCode = (ctx: DomainCtx, id: number) => requestSessionAction(ctx, id, 'restart', { resetCredentials: true })

/** DELETE /whatsappsession/{id}: 'disconnect' logs the session out. */
export const disconnectSession = (ctx: DomainCtx, id: number) => requestSessionAction(ctx, id, 'logout')

/** POST /whatsapp-restart/: every connection of the actor's company restarts with its credentials. */
export async function restartCompanySessions(ctx: DomainCtx): Promise<{ restarted: number }> {
  assertCan(ctx.auth, 'connections:view')
  const ids = await ctx.tx<{ id: number }[]>`
    select id from whatsapps where company_id = ${ctx.auth.user.companyId} order by id`
  for (const { id } of ids) await requestSessionAction(ctx, id, 'restart')
  return { restarted: ids.length }
}
