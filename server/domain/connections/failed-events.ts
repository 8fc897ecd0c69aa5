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

export interface FailedEventCount {
  whatsappId: number
  count: number
  lastAt: Date
}

/**
 * GET /whatsapp/failed-events (ours): how many events each of the company's connections set aside, for
 * the Connections page to point at the ones worth inspecting.
 */
export async function countFailedEvents(ctx: DomainCtx): Promise<FailedEventCount[]> {
  assertCan(ctx.auth, 'connections:view')
  return ctx.tx<FailedEventCount[]>`
    select whatsapp_id, count(*)::int as count, max(created_at) as last_at from channel_event_failures
     where company_id = ${ctx.auth.user.companyId} group by whatsapp_id order by whatsapp_id`
}
