import { withSystem, type Db } from '../../../server/db/tenant.ts'
import { DEFAULT_GRAPH_VERSION } from '../meta/graph-client.ts'
import type { ChannelEvent, ChannelKind } from '../types.ts'
import { CloudApiDriver } from './cloud-api-driver.ts'
import { cloudEvents, parseCloudWebhook } from './webhook.ts'

export interface WebhookConnection {
  id: number
  companyId: number
  channel: ChannelKind
  config: Record<string, unknown>
}

/** What a verified webhook needs to hand its events to the inbound pipeline. */
export interface ReceiveDeps {
  db: Db
  graphBaseUrl: string
  graphVersion?: string
  /** The inbound pipeline for one event; awaited, so events keep their order. */
  handle(connection: { id: number; companyId: number; channel: ChannelKind }, event: ChannelEvent): Promise<unknown>
  log(message: string, err?: unknown): void
  fetch?: typeof fetch
}

export interface ReceiveSummary {
  events: number
  /** Ids the payload was addressed to that match no connection (ignored). */
  unknown: string[]
}

/**
 * A verified Cloud API webhook body: each `messages` change goes to the connection(s) whose
 * channel_config.phoneNumberId it names, event by event, in order. Resolves once all were handed over.
 */
export async function receiveCloudWebhook(deps: ReceiveDeps, body: unknown): Promise<ReceiveSummary> {
  const summary: ReceiveSummary = { events: 0, unknown: [] }
  const changes = parseCloudWebhook(body)
  if (!changes) {
    deps.log('Cloud API webhook of another kind (not whatsapp_business_account messages): ignored')
    return summary
  }
  for (const change of changes) {
    const connections = await findConnections(deps.db, 'whatsappapi', 'phoneNumberId', change.phoneNumberId)
    if (!connections.length) {
      summary.unknown.push(change.phoneNumberId)
      deps.log(`Cloud API webhook for unknown phone_number_id ${change.phoneNumberId}: ignored`)
      continue
    }
    for (const connection of connections) {
      const driver = new CloudApiDriver(
        {
          graphBaseUrl: deps.graphBaseUrl,
          apiVersion: stringOr(connection.config.apiVersion, deps.graphVersion ?? DEFAULT_GRAPH_VERSION),
          phoneNumberId: change.phoneNumberId,
          accessToken: stringOr(connection.config.accessToken, ''),
        },
        { fetch: deps.fetch },
      )
      for (const event of cloudEvents(change.value, driver)) {
        await deps.handle(refOf(connection), event)
        summary.events++
      }
    }
  }
  return summary
}

/** Connections of a channel whose channel_config[key] equals value; webhooks carry no user, so system scope. */
export async function findConnections(db: Db, channel: ChannelKind, key: string, value: string): Promise<WebhookConnection[]> {
  return withSystem(db, (tx) =>
    tx<WebhookConnection[]>`
      select id, company_id, channel, channel_config as config
        from whatsapps
       where channel = ${channel} and channel_config ->> ${key} = ${value}
       order by id`,
  )
}

export function refOf(c: WebhookConnection) {
  return { id: c.id, companyId: c.companyId, channel: c.channel }
}

export function stringOr(v: unknown, fallback: string): string {
  return typeof v === 'string' && v ? v : fallback
}
