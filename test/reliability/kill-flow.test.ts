import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { BACKENDS } from '../env.ts'
import { createScratchDatabase } from '../scratch-db.ts'
import { freePort, startServer, waitUp } from './spawned-server.ts'

/**
 * Issue 21's proof: a flow's state lives on the ticket, so `kill -9` of the process that runs the API and
 * the workers, once while the flow waits at a menu and once inside an interval, loses nothing: after each
 * restart the flow goes on where it stood (the answer walks the menu; the interval's job still resumes it).
 */
const ADMIN = { email: 'flow@test.local', password: 'flow-pass-1' }
const FROM = '5511977776666'

const GRAPH = {
  nodes: [
    { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início' } },
    { id: 'menu1', type: 'menu', position: { x: 0, y: 100 }, data: { message: 'Escolha:', arrayOption: [{ number: 1, value: 'Seguir' }, { number: 2, value: 'Sair' }] } },
    { id: 'm1', type: 'message', position: { x: 0, y: 200 }, data: { label: 'Opção 1 escolhida' } },
    { id: 'w1', type: 'interval', position: { x: 0, y: 300 }, data: { sec: 5 } },
    { id: 'm2', type: 'message', position: { x: 0, y: 400 }, data: { label: 'Depois do intervalo' } },
  ],
  connections: [
    { source: '1', sourceHandle: 'a', target: 'menu1' },
    { source: 'menu1', sourceHandle: 'a1', target: 'm1' },
    { source: 'm1', sourceHandle: 'a', target: 'w1' },
    { source: 'w1', sourceHandle: 'a', target: 'm2' },
  ],
}

describe.skipIf(!BACKENDS.includes('postgres'))('kill -9 during a flow [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  let child: ReturnType<typeof startServer> | undefined
  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = mkdtempSync(join(tmpdir(), 'balcao-kill-flow-'))
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await child?.exited
    await scratch.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('a flow waiting at a menu, then in an interval, resumes after each restart', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    child = startServer(scratch.url, dataDir, port, ADMIN)
    await waitUp(base)
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} })
    let seq = 0
    const say = async (body: string) => {
      const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
      const { token } = (await login.json()) as { token: string }
      const res = await fetch(`${base}/simulator/1/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: FROM, body, id: `KILLFLOW-${++seq}` }),
      })
      expect(res.status).toBe(201)
    }
    const sentBodies = async () => (await sql<{ body: string }[]>`select body from messages where from_me order by id`).map((r) => r.body)
    const until = async (what: () => Promise<boolean>, ms = 20_000) => {
      for (const t0 = Date.now(); Date.now() - t0 < ms; ) {
        if (await what()) return
        await Bun.sleep(100)
      }
      throw new Error('timed out')
    }
    const restart = async () => {
      child!.kill('SIGKILL')
      await child!.exited
      child = startServer(scratch.url, dataDir, port, ADMIN)
      await waitUp(base)
    }
    try {
      await sql`
        with w as (select id, company_id from whatsapps where id = 1),
             f as (insert into flows (company_id, name, flow) select company_id, 'Kill flow', ${sql.json(GRAPH as never)} from w returning id, company_id)
        insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase) select f.company_id, 'Kill', f.id, 1, 'iniciar' from f`
      await say('iniciar')
      // Each kill comes once the flow's last send reached the phone: a send claimed by the killed process
      // waits out its 60 s claim, which this test is not about.
      const acked = async (n: number) => (await sql<{ n: number }[]>`select count(*)::int as n from messages where from_me and ack >= 1`)[0].n === n
      await until(() => acked(1))
      const [ticket] = await sql<{ id: number; lastFlowId: string; flowWebhook: boolean }[]>`select id, last_flow_id as "lastFlowId", flow_webhook as "flowWebhook" from tickets`
      expect(ticket).toMatchObject({ lastFlowId: 'menu1', flowWebhook: true })

      await restart()
      await say('1')
      expect((await sentBodies()).slice(1)).toEqual(['Opção 1 escolhida'])
      const [{ lastFlowId }] = await sql<{ lastFlowId: string }[]>`select last_flow_id as "lastFlowId" from tickets where id = ${ticket.id}`
      expect(lastFlowId).toBe('w1')
      await until(() => acked(2))
      const [job] = await sql<{ doneAt: Date | null }[]>`select done_at as "doneAt" from jobs where queue = 'flow'`
      expect(job.doneAt).toBeNull()

      // Killed inside the interval: the job is in the database, and the restarted worker runs it when due.
      await restart()
      await until(async () => (await sentBodies()).includes('Depois do intervalo'))
      expect(await sentBodies()).toEqual(['Escolha:\n\n*1* - Seguir\n*2* - Sair', 'Opção 1 escolhida', 'Depois do intervalo'])
      // Every flow message reached the simulated phone (ack ≥ 1) and the run is over.
      await until(() => acked(3))
      const [end] = await sql<{ flowWebhook: boolean }[]>`select flow_webhook as "flowWebhook" from tickets where id = ${ticket.id}`
      expect(end.flowWebhook).toBe(false)
    } finally {
      await sql.end()
    }
  }, 180_000)
})
