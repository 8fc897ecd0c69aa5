import { messageMediaType } from '../../media/media-store.ts'
import { randomUUID } from 'node:crypto'
import { handleChannelEvent, type InboundResult } from '../../../workers/inbound/handle-channel-event.ts'
import type { Services } from '../../app-env.ts'
import type { SimulatorInbound } from '../../routes/simulator.schema.ts'
import { AppError } from '../app-error.ts'
import { routeInbound } from '../routing/index.ts'
import type { DomainCtx } from '../context.ts'


/**
 * A message "from the customer's phone" on a simulator connection, through the same inbound pipeline as
 * real channels, inside the request's transaction (a savepoint: PGlite has one connection) and with its
 * events published after the request commits.
 */
export async function simulateInbound(
  ctx: DomainCtx,
  services: Pick<Services, 'db' | 'media'>,
  connectionId: number,
  input: SimulatorInbound,
): Promise<InboundResult> {
  const [conn] = await ctx.tx<{ id: number; companyId: number; channel: string }[]>`
    select id, company_id, channel from whatsapps where id = ${connectionId}`
  if (!conn) throw new AppError('ERR_NO_WAPP_FOUND')
  if (conn.channel !== 'simulator') throw new AppError('ERR_NOT_SIMULATOR')
  const media = input.media
    ? { mimeType: input.media.mimeType, fileName: input.media.fileName, data: Buffer.from(input.media.data, 'base64') }
    : undefined
  return handleChannelEvent(
    {
      db: services.db,
      media: services.media,
      now: ctx.now,
      events: { publish: (events) => events.forEach(ctx.emit) },
      transaction: async (_companyId, fn) => (await ctx.tx.savepoint(fn)) as Awaited<ReturnType<typeof fn>>,
      route: routeInbound,
    },
    { id: conn.id, companyId: conn.companyId, channel: 'simulator' },
    {
      kind: 'message',
      message: {
        externalId: input.id ?? `SIMIN${randomUUID().replaceAll('-', '').toUpperCase()}`,
        fromMe: false,
        timestamp: ctx.now(),
        peer: { number: input.from, name: input.name },
        body: input.body ?? '',
        mediaType: media ? messageMediaType(media.mimeType) : 'text',
        media,
      },
    },
  )
}
