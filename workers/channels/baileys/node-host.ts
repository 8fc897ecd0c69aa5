/**
 * Runs one BaileysDriver under Node (Bun's WebSocket shim is reported to fail the real WhatsApp
 * upgrade, channels.md §0.5) and prints what it reports as JSON lines on stdout:
 * {"type":"runtime"}, {"type":"event","event":…}, {"type":"log","message":…}, {"type":"exit"}.
 *
 * Build: bun build workers/channels/baileys/node-host.ts --target=node --packages=external --outfile <dir>/node-host.mjs
 * (node_modules must be resolvable from <dir>). Run: node <dir>/node-host.mjs [ws-url]
 *
 * Env: DATABASE_URL (required), BAILEYS_COMPANY_ID, BAILEYS_WHATSAPP_ID (the connection row),
 * BAILEYS_WS_URL (when no argument), BAILEYS_MAX_CLOSES (stop after that many closes; smoke tests),
 * BAILEYS_DELAY_SCALE (multiplies reconnect delays; tests use a small factor instead of waiting).
 */
import postgres from 'postgres'
import type { Sql } from '../../../server/db/connect.ts'
import type { Db } from '../../../server/db/tenant.ts'
import type { ChannelEvent, DriverContext } from '../types.ts'
import { BaileysDriver } from './baileys-driver.ts'

function print(line: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

function requiredEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}

async function main() {
  const wsUrl = process.argv[2] ?? process.env.BAILEYS_WS_URL
  const maxCloses = Number(process.env.BAILEYS_MAX_CLOSES ?? 0)
  const delayScale = Number(process.env.BAILEYS_DELAY_SCALE ?? 1)
  // The same column mapping as server/db/connect.ts, without pulling PGlite into a Node process.
  const sql = postgres(requiredEnv('DATABASE_URL'), {
    max: 2,
    onnotice: () => {},
    transform: { column: { from: postgres.toCamel, to: postgres.fromCamel }, undefined: null },
  }) as unknown as Sql
  const db: Db = { sql, roleSwitch: false }
  let closes = 0
  let driver: BaileysDriver | undefined
  let finished = false

  const finish = async (code: number) => {
    if (finished) return
    finished = true
    await driver?.stop()
    await sql.end({ timeout: 5 })
    print({ type: 'exit', code })
    process.exit(code)
  }

  const ctx: DriverContext = {
    connection: {
      id: Number(requiredEnv('BAILEYS_WHATSAPP_ID')),
      companyId: Number(requiredEnv('BAILEYS_COMPANY_ID')),
      channel: 'whatsapp',
      config: {},
    },
    async emit(event: ChannelEvent) {
      print({ type: 'event', event })
    },
    now: () => new Date(),
    log(message, err) {
      print({ type: 'log', message, ...(err !== undefined && { error: String(err) }) })
      if (message.startsWith('baileys closed') && maxCloses > 0 && ++closes >= maxCloses) void finish(0)
    },
  }

  print({ type: 'runtime', node: process.versions.node, bun: (process.versions as Record<string, string>).bun ?? null })
  driver = new BaileysDriver(ctx, {
    db,
    ...(wsUrl && { waWebSocketUrl: wsUrl }),
    mediaMaxBytes: 16 * 1024 * 1024,
    getMessage: async () => undefined,
    setTimeout: (fn, ms) => setTimeout(fn, ms * delayScale),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void finish(0))
  await driver.start()
}

main().catch((err) => {
  print({ type: 'fatal', error: String(err?.stack ?? err) })
  process.exit(1)
})
