import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { BACKENDS } from '../env.ts'
import { createScratchDatabase } from '../scratch-db.ts'
import { freePort, startServer, waitUp } from './spawned-server.ts'

/**
 * Issue 4's proof: `kill -9` the process that runs the API and the workers in the middle of a simulator
 * burst of 1,000 messages; after a restart every message is stored exactly once and in per-chat order.
 * The phone side behaves like a channel: it repeats a delivery (same message id) until it is answered.
 */
const CHATS = 20
const PER_CHAT = 50
const ADMIN = { email: 'burst@test.local', password: 'burst-pass-1' }

describe.skipIf(!BACKENDS.includes('postgres'))('kill -9 during a simulator burst [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  let child: ReturnType<typeof startServer> | undefined
  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = mkdtempSync(join(tmpdir(), 'balcao-kill-'))
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await child?.exited
    await scratch.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('every message is stored exactly once and in per-chat order', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    child = startServer(scratch.url, dataDir, port, ADMIN)
    await waitUp(base)
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    const { token } = (await login.json()) as { token: string }

    let delivered = 0
    let retries = 0
    /** One delivery, repeated with the same id until the server answers it (as a phone does). */
    const deliver = async (chat: number, i: number) => {
      const body = JSON.stringify({ from: `55119${String(70000000 + chat).padStart(8, '0')}`, body: `c${chat} #${i}`, id: `BURST-${chat}-${i}` })
      for (;;) {
        const ok = await fetch(`${base}/simulator/1/inbound`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body })
          .then((r) => r.status === 200 || r.status === 201, () => false)
        if (ok) return void delivered++
        retries++
        await Bun.sleep(50)
      }
    }
    const burst = Promise.all(
      Array.from({ length: CHATS }, async (_, chat) => {
        for (let i = 0; i < PER_CHAT; i++) await deliver(chat, i)
      }),
    )
    while (delivered < 300) await Bun.sleep(5)
    child.kill('SIGKILL')
    await child.exited
    const deliveredAtKill = delivered
    child = startServer(scratch.url, dataDir, port, ADMIN)
    await burst
    expect(deliveredAtKill).toBeLessThan(CHATS * PER_CHAT)
    expect(retries).toBeGreaterThan(0)

    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} })
    try {
      const rows = await sql<{ wid: string; body: string }[]>`select wid, body from messages order by id`
      expect(rows.length).toBe(CHATS * PER_CHAT)
      expect(new Set(rows.map((r) => r.wid)).size).toBe(CHATS * PER_CHAT)
      for (let chat = 0; chat < CHATS; chat++) {
        const order = rows.filter((r) => r.wid.startsWith(`BURST-${chat}-`)).map((r) => Number(r.wid.split('-')[2]))
        expect(order).toEqual(Array.from({ length: PER_CHAT }, (_, i) => i))
      }
      const [{ tickets, contacts }] = await sql<{ tickets: number; contacts: number }[]>`
        select (select count(*)::int from tickets) as tickets, (select count(*)::int from contacts) as contacts`
      expect({ tickets, contacts }).toEqual({ tickets: CHATS, contacts: CHATS })
    } finally {
      await sql.end()
    }
  }, 180_000)
})
