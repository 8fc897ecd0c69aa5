import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { validate } from '../middleware/validate.ts'
import { handleChannelEvent } from '../../workers/inbound/handle-channel-event.ts'
import { receiveMetaWebhook } from '../../workers/channels/meta/receive-webhook.ts'
import { receiveCloudWebhook, type ReceiveDeps, type ReceiveSummary } from '../../workers/channels/whatsappapi/receive-webhook.ts'
import { isValidMetaSignature, verifySubscription } from './webhooks-signature.ts'
import { webhookVerifyQuery } from './webhooks.schema.ts'

/** The inbound pipeline's entry (workers/inbound.ts); tests may hand in a spy. */
export type HandleChannelEvent = typeof handleChannelEvent
type Receiver = (deps: ReceiveDeps, body: unknown) => Promise<ReceiveSummary>

/**
 * Meta's webhooks (channels.md §3.1-3.2, §4.2): no login, the signature is the authentication. A POST
 * is answered 200 only after every event reached the pipeline (Meta retries anything else, and the
 * pipeline deduplicates by external id); payloads for unknown numbers or pages are 200 and ignored.
 */
export function webhookRoutes(handle: HandleChannelEvent = handleChannelEvent) {
  const receive = (receiver: Receiver) => async (c: Context<AppEnv>) => {
    const body = await signedJson(c)
    await receiver(receiveDepsOf(c, handle), body)
    return c.text('EVENT_RECEIVED')
  }
  const verify = (c: Context<AppEnv>) => {
    const challenge = verifySubscription(c.get('services').config.META_VERIFY_TOKEN, c.req.query())
    return challenge === null ? c.json({ error: 'ERR_NO_PERMISSION', message: 'Webhook verification refused' }, 403) : c.text(challenge)
  }
  return new Hono<AppEnv>()
    .get('/whatsappapi', validate('query', webhookVerifyQuery), verify)
    .get('/facebook', validate('query', webhookVerifyQuery), verify)
    .get('/instagram', validate('query', webhookVerifyQuery), verify)
    .post('/whatsappapi', receive(receiveCloudWebhook))
    .post('/facebook', receive(receiveMetaWebhook))
    .post('/instagram', receive(receiveMetaWebhook))
}

export const webhooks = webhookRoutes()

/** The body, once its X-Hub-Signature-256 proved it came from Meta; nothing is parsed before that. */
async function signedJson(c: Context<AppEnv>): Promise<unknown> {
  const raw = new Uint8Array(await c.req.arrayBuffer())
  const secret = c.get('services').config.META_APP_SECRET
  if (!isValidMetaSignature(secret, raw, c.req.header('x-hub-signature-256'))) {
    throw new AppError('ERR_INVALID_WEBHOOK_SIGNATURE', secret ? 'Bad or missing X-Hub-Signature-256' : 'META_APP_SECRET is not set')
  }
  try {
    return JSON.parse(new TextDecoder().decode(raw))
  } catch {
    throw new AppError('ERR_INVALID_JSON', 'Webhook body is not JSON')
  }
}

function receiveDepsOf(c: Context<AppEnv>, handle: HandleChannelEvent): ReceiveDeps {
  const services = c.get('services')
  const deps = { db: services.db, media: services.media, events: services.events, now: services.now }
  const quiet = services.config.LOG_LEVEL === 'silent'
  return {
    db: services.db,
    graphBaseUrl: services.config.GRAPH_API_URL,
    graphVersion: services.config.GRAPH_API_VERSION,
    handle: (connection, event) => handle(deps, connection, event),
    log: (message, err) => {
      if (!quiet) console.error(`[${c.get('requestId')}] webhook: ${message}`, err ?? '')
    },
  }
}
