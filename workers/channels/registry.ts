import type { Config } from '../../server/config.ts'
import type { DriverFactory } from '../channel-host.ts'
import { driverFor as metaDriverFor } from './meta/receive-webhook.ts'
import { CloudApiDriver } from './whatsappapi/cloud-api-driver.ts'
import type { ChannelKind } from './types.ts'

const text = (v: unknown, fallback = '') => (typeof v === 'string' && v ? v : fallback)

/**
 * The webhook channels' drivers, built from the connection's channel_config and the Graph endpoint of
 * the configuration. The simulator is built by the host itself and WhatsApp sessions by the session
 * manager that holds their lease.
 */
export function webhookDriverFactories(config: Pick<Config, 'GRAPH_API_URL' | 'GRAPH_API_VERSION'>): Partial<Record<ChannelKind, DriverFactory>> {
  const meta: DriverFactory = (row) =>
    metaDriverFor({ graphBaseUrl: config.GRAPH_API_URL, graphVersion: config.GRAPH_API_VERSION }, {
      id: row.id,
      companyId: row.companyId,
      channel: row.channel,
      config: row.channelConfig ?? {},
    })
  return {
    whatsappapi: (row, ctx) =>
      new CloudApiDriver(
        {
          graphBaseUrl: config.GRAPH_API_URL,
          apiVersion: text(row.channelConfig?.apiVersion, config.GRAPH_API_VERSION),
          phoneNumberId: text(row.channelConfig?.phoneNumberId),
          accessToken: text(row.channelConfig?.accessToken),
        },
        { now: ctx.now },
      ),
    facebook: meta,
    instagram: meta,
  }
}
