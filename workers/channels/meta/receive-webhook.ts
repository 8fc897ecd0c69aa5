import { withTenant, type Db } from '../../../server/db/tenant.ts'
import type { ChannelEvent } from '../types.ts'
import {
  findConnections,
  refOf,
  stringOr,
  type ReceiveDeps,
  type ReceiveSummary,
  type WebhookConnection,
} from '../whatsappapi/receive-webhook.ts'
import { DEFAULT_GRAPH_VERSION } from './graph-client.ts'
import { MetaDriver, type MetaProfile } from './meta-driver.ts'
import { metaEvents, parseMetaWebhook, type MetaEntry, type Watermark } from './webhook.ts'

/**
 * A verified Messenger/Instagram webhook body: each entry goes to the connection(s) of its page
 * (channel_config.pageId) or Instagram account (channel_config.igUserId). Inbound messages get the
 * sender's name and picture from the profile API; watermark receipts become acks of the stored messages
 * they cover.
 */
export async function receiveMetaWebhook(deps: ReceiveDeps, body: unknown): Promise<ReceiveSummary> {
  const summary: ReceiveSummary = { events: 0, unknown: [] }
  const entries = parseMetaWebhook(body)
  if (!entries) {
    deps.log('Meta webhook of another kind (not page or instagram messaging): ignored')
    return summary
  }
  for (const entry of entries) {
    const [channel, key] = entry.object === 'instagram' ? (['instagram', 'igUserId'] as const) : (['facebook', 'pageId'] as const)
    const connections = await findConnections(deps.db, channel, key, entry.accountId)
    if (!connections.length) {
      summary.unknown.push(entry.accountId)
      deps.log(`${channel} webhook for unknown account ${entry.accountId}: ignored`)
      continue
    }
    for (const connection of connections) summary.events += await deliverEntry(deps, connection, entry)
  }
  return summary
}

async function deliverEntry(deps: ReceiveDeps, connection: WebhookConnection, entry: MetaEntry): Promise<number> {
  const driver = driverFor(deps, connection)
  let count = 0
  for (const item of metaEvents(entry, (url) => driver.downloadAttachment(url))) {
    const events = item.kind === 'watermark' ? await watermarkAcks(deps.db, connection, item) : [item]
    for (const event of events) {
      await deps.handle(refOf(connection), await withProfile(deps, driver, event))
      count++
    }
  }
  return count
}

export function driverFor(deps: Pick<ReceiveDeps, 'graphBaseUrl' | 'graphVersion' | 'fetch'>, connection: WebhookConnection) {
  return new MetaDriver(
    {
      channel: connection.channel === 'instagram' ? 'instagram' : 'facebook',
      graphBaseUrl: deps.graphBaseUrl,
      apiVersion: stringOr(connection.config.apiVersion, deps.graphVersion ?? DEFAULT_GRAPH_VERSION),
      pageId: stringOr(connection.config.pageId, ''),
      pageAccessToken: stringOr(connection.config.pageAccessToken, ''),
      igUserId: stringOr(connection.config.igUserId, '') || undefined,
    },
    { fetch: deps.fetch },
  )
}

/** Our messages to this person, sent up to the watermark and not yet at its ack, as ack events. */
async function watermarkAcks(db: Db, connection: WebhookConnection, w: Watermark): Promise<ChannelEvent[]> {
  const rows = await withTenant(db, { companyId: connection.companyId }, (tx) =>
    tx<{ wid: string }[]>`
      select m.wid
        from messages m
        join tickets t on t.id = m.ticket_id
        join contacts c on c.id = t.contact_id
       where m.whatsapp_id = ${connection.id} and m.from_me and m.wid is not null
         and m.ack >= 0 and m.ack < ${w.ack} and c.number = ${w.peerId} and m.created_at <= ${w.upTo}
       order by m.id
       limit 500`,
  )
  return rows.map((r) => ({ kind: 'ack', externalId: r.wid, ack: w.ack }))
}

// Profiles change rarely and each lookup is a Graph call: one per person per hour and process is enough.
const PROFILE_TTL_MS = 3_600_000
const PROFILE_CACHE_MAX = 5_000
const profiles = new Map<string, { at: number; profile: MetaProfile }>()

async function withProfile(deps: ReceiveDeps, driver: MetaDriver, event: ChannelEvent): Promise<ChannelEvent> {
  if (event.kind !== 'message' || event.message.fromMe || event.message.peer.name || !event.message.peer.number) return event
  const psid = event.message.peer.number
  const key = `${driver.config.pageId}:${psid}`
  let cached = profiles.get(key)
  if (!cached || Date.now() - cached.at > PROFILE_TTL_MS) {
    try {
      cached = { at: Date.now(), profile: await driver.fetchProfile(psid) }
    } catch (err) {
      // A missing name must not cost the message: the contact is created with its id, named later.
      deps.log(`profile lookup of ${psid} failed`, err)
      return event
    }
    if (profiles.size >= PROFILE_CACHE_MAX) profiles.delete(profiles.keys().next().value!)
    profiles.set(key, cached)
  }
  return { ...event, message: { ...event.message, peer: { ...event.message.peer, ...cached.profile } } }
}
