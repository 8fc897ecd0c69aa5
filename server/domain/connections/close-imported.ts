import { AppError } from '../app-error.ts'
import type { Tx } from '../../db/connect.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { emitConnection, findConnectionView, type ConnectionView } from './connection-view.ts'

/**
 * POST /closedimported/{id} (spec part 2 §4 Import: the 'close imported tickets' button): closes the
 * connection's tickets that a history import created, then clears statusImportMessages so the button goes.
 */
export async function closeImportedTickets(ctx: DomainCtx, whatsappId: number): Promise<ConnectionView & { closed: number }> {
  const { tx, auth } = ctx
  assertCan(auth, 'connections:view')
  const [row] = await tx`select 1 from whatsapps where id = ${whatsappId}`
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
  const closed = await closeImportedRows(tx, whatsappId, ctx.now())
  const view = (await findConnectionView(tx, whatsappId))!
  emitConnection(ctx, view)
  return { ...view, closed: closed.length }
}

/**
 * Closes the tickets a history import created on the connection and clears statusImportMessages (the
 * button goes). Also run by the import's end itself when the connection has closedTicketsPostImported.
 */
export async function closeImportedRows(tx: Tx, whatsappId: number, now: Date): Promise<{ id: number }[]> {
  const closed = await tx<{ id: number }[]>`
    update tickets set status = 'closed', closed_at = ${now}, unread_messages = 0
     where whatsapp_id = ${whatsappId} and imported is not null and status <> 'closed'
     returning id`
  await tx`update whatsapps set status_import_messages = null where id = ${whatsappId}`
  return closed
}
