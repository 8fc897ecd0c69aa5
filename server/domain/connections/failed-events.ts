import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'

export interface FailedEventView {
  id: number
  kind: string
  externalId: string | null
  event: unknown
  error: string
  attempts: number
  createdAt: Date
}

/**
 * GET /whatsapp/{id}/failed-events (ours; issue 15 item 4): the connection's channel events the pipeline
 * could not store and set aside so the connection could move on, newest first (at most 100), for the
 * people who manage connections to inspect.
 */
export async function listFailedEvents(ctx: DomainCtx, whatsappId: number): Promise<FailedEventView[]> {
  assertCan(ctx.auth, 'connections:view')
  const [conn] = await ctx.tx`select 1 from whatsapps where id = ${whatsappId}`
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND')
  return ctx.tx<FailedEventView[]>`
    select id, kind, external_id, event, error, attempts, created_at from channel_event_failures
     where whatsapp_id = ${whatsappId} order by created_at desc, id desc limit 100`
}
