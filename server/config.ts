import { z } from 'zod'

/** Environment variables, parsed once at start. README.md lists each one. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The first start's simulator connection (a test channel that reports every reply delivered and read).
   * Default: created on the embedded PGlite (trying the product), not when DATABASE_URL names a Postgres.
   */
  SEED_SIMULATOR: z.enum(['true', 'false']).optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(5).max(50).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(7 * 24 * 3600),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  /**
   * The refresh cookie's Secure flag and HSTS: unset, they follow each request (HTTPS, or a proxy's
   * X-Forwarded-Proto: https); 'false' is the explicit opt-out for plain-HTTP development.
   */
  COOKIE_SECURE: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Behind a reverse proxy: the client's address is the last X-Forwarded-For entry (login throttling). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  APP_VERSION: z.string().default('2.2.2v-26'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /** Proxy mode: /v1/shape forwards to this Electric (its /v1/shape URL) with the tenant where clause added. */
  ELECTRIC_URL: z.string().url().optional(),
  /** Sent upstream as Electric's `secret` in proxy mode. */
  ELECTRIC_SECRET: z.string().optional(),
  /** Lets trusted callers holding this secret use the built-in server like Electric itself (raw table/where/columns). */
  SHAPE_UPSTREAM_SECRET: z.string().min(16).optional(),
  /** Meta's Graph API (Cloud API, Messenger, Instagram); tests point it at test/fake-graph.ts. */
  /** Overrides WhatsApp Web's WebSocket (wss://web.whatsapp.com/ws/chat): a staging or loopback peer. */
  WA_WEBSOCKET_URL: z.string().url().optional(),
  /** Media a channel delivers above this size is not downloaded; the message keeps a note instead. */
  MEDIA_DOWNLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(15 * 1024 * 1024),
  GRAPH_API_URL: z.string().url().default('https://graph.facebook.com'),
  /** Dialogflow ES's REST root (issue 22); tests point it at a local fake. */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  /** The AI prompts' OpenAI-compatible server (issue 22): OpenAI, or any server speaking its chat completions. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  /** Replaces Azure's regional text-to-speech host for the prompts' voices (a proxy; tests). */
  AZURE_TTS_URL: z.string().url().optional(),
  GRAPH_API_VERSION: z.string().regex(/^v\d+\.\d+$/).default('v23.0'),
  /** The Meta app's secret: webhooks are refused unless X-Hub-Signature-256 is its HMAC of the body. */
  META_APP_SECRET: z.string().min(8).optional(),
  /** Answered back to Meta's webhook subscription check (hub.verify_token). */
  META_VERIFY_TOKEN: z.string().min(8).optional(),
  /**
   * This server's address as the outside sees it (https://balcao.example.com). Integration webhooks then carry a
   * signed link to a message's file (valid 24 h); unset, they announce its type only.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Pix charges through Mercado Pago (issue 19) when its access token is set; manual charges otherwise. */
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(8).optional(),
  /** The webhook secret of the Mercado Pago application: notifications without its x-signature are refused. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(8).optional(),
  MERCADOPAGO_API_URL: z.string().url().default('https://api.mercadopago.com'),
  /** Sent as each payment's notification_url (this server's /subscription/webhook/mercadopago). */
  MERCADOPAGO_NOTIFICATION_URL: z.string().url().optional(),
})

export type Config = z.infer<typeof envSchema>

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return parsed.data
}

/** SEED_SIMULATOR, else on the embedded PGlite only (trying the product), never by default on a Postgres. */
export const seedsSimulator = (config: Pick<Config, 'SEED_SIMULATOR' | 'DATABASE_URL'>): boolean =>
  config.SEED_SIMULATOR === undefined ? !config.DATABASE_URL : config.SEED_SIMULATOR === 'true'
