import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { withSystem } from '../server/db/tenant.ts'
import { enqueueSend } from '../server/domain/outbound/enqueue-send.ts'
import { BACKENDS, startTestEnv, type TestEnv } from '../test/env.ts'
import { createConnection } from '../test/factories.ts'
import { startClosingServer } from './channels/baileys/loopback-server.ts'

/**
 * The workers process under Node (channels.md §0.5: Bun's WebSocket may fail against WhatsApp's servers,
 * so `npm run workers:node` runs the same workers bundled for Node). The bundle sends a queued simulator
 * message through the outbound queue and the inbound acks, and takes the lease of a WhatsApp session
 * whose socket it opens against a loopback peer.
 */
const ROOT = join(import.meta.dir, '..')
const OUT_DIR = join(ROOT, 'dist', 'node-test')

describe.skipIf(!BACKENDS.includes('postgres'))('workers under Node [postgres]', () => {
  let env: TestEnv
  let child: ReturnType<typeof Bun.spawn> | undefined
  const peer = startClosingServer()
  const bundle = join(OUT_DIR, `workers-${process.pid}.mjs`)
  beforeAll(async () => {
    env = await startTestEnv('postgres')
    mkdirSync(OUT_DIR, { recursive: true })
    const built = Bun.spawnSync([process.execPath, 'build', 'workers/main.ts', '--target=node', '--packages=external', '--outfile', bundle], { cwd: ROOT })
    if (built.exitCode !== 0) throw new Error(`bundle failed: ${built.stderr.toString()}`)
  }, 120_000)
  afterAll(async () => {
    child?.kill('SIGKILL')
    await child?.exited
    peer.stop()
    rmSync(bundle, { force: true })
    await env.close()
  })

  test('sends the outbound queue and holds a WhatsApp session', async () => {
    const sim = await createConnection(env, 1, { channel: 'simulator' })
    const wa = await createConnection(env, 1, { channel: 'whatsapp', status: 'OPENING' })
    const message = await withSystem(env.services.db, async (tx) => {
      const [c] = await tx`insert into contacts ${tx({ companyId: 1, name: 'Node', number: '5511912345000', channel: 'simulator' })} returning id`
      const [t] = await tx`insert into tickets ${tx({ companyId: 1, contactId: c.id, whatsappId: sim.id, status: 'open', channel: 'simulator' })} returning id`
      return enqueueSend(tx, { companyId: 1, ticketId: t.id, whatsappId: sim.id, contactId: c.id, channel: 'simulator', body: 'de Node', now: new Date() })
    })
    child = Bun.spawn(['node', bundle], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: env.services.config.DATABASE_URL, DATA_DIR: env.services.config.DATA_DIR, WA_WEBSOCKET_URL: peer.url, LOG_LEVEL: 'silent' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const deadline = Date.now() + 30_000
    let state = { ack: 0, leaseOwner: null as string | null }
    while (Date.now() < deadline) {
      state = await withSystem(env.services.db, async (tx) => {
        const [m] = await tx`select ack from messages where id = ${message.id}`
        const [l] = await tx`select owner from leases where name = ${`session:${wa.id}`}`
        return { ack: m.ack, leaseOwner: l?.owner ?? null }
      })
      if (state.ack === 3 && state.leaseOwner && peer.upgrades() > 0) break
      await Bun.sleep(100)
    }
    expect(state.ack).toBe(3)
    expect(state.leaseOwner).toStartWith(`worker-${child.pid}-`)
    expect(peer.upgrades()).toBeGreaterThan(0)
  }, 60_000)
})
