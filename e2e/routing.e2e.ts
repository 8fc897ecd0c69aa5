import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { type Browser, loginAs, openBrowser, screenshot, type Server, startServer, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * Issue 6's proof in Chromium: a connection with two queues, one with a two-level option tree built
 * through the queue API; a simulator contact writes, gets the menu, answers '1' then '2', and the ticket
 * lands in the queue the option points to — on the screen of that queue's attendant only (the other
 * attendant, whose queue it passed through, sees it leave). Run after `vite build`.
 */
const TIMEOUT = 180_000
let server: Server
let workers: RunningWorkers
const phone: string[] = []

beforeAll(async () => {
  server = await startServer()
  workers = startWorkers(server.env.services, { log: () => {}, simulator: { ackDelaysMs: [], onSend: (m: OutboundMessage) => void phone.push(m.body) } })
}, 60_000)
afterAll(async () => {
  await workers?.stop()
  await server?.close()
})


const row = (page: Page, text: string) => page.getByTestId('ticket-row').filter({ hasText: text })

async function openPending(b: Browser, email: string, password: string) {
  await loginAs(b.page, server.baseUrl, email, password)
  await waitForLanding(b.page)
  await waitForServiceWorker(b.page)
  await b.page.goto(`${server.baseUrl}/tickets`)
  await b.page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: 45_000 })
  await b.page.getByTestId('ticket-tab-pending').click()
}

describe('routing through queues and the option tree', () => {
  test("the contact answers the menu '1' then '2' and the ticket reaches the Suporte attendant only", async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { greetingMessage: 'Olá! Escolha uma opção:' })
    const builder = await createUser(server.env, company.companyId, { profile: 'admin' })
    const api = async (method: string, path: string, json: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${builder.token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) })
      expect(res.status).toBeLessThan(300)
      return res.json() as Promise<{ id: number }>
    }
    const suporte = await api('POST', '/queue', { name: 'Suporte', color: '#2563eb', orderQueue: 2, greetingMessage: 'Bem-vindo ao suporte técnico.' })
    const vendas = await api('POST', '/queue', {
      name: 'Vendas',
      color: '#16a34a',
      orderQueue: 1,
      greetingMessage: 'Vendas: escolha uma opção',
      chatbots: [
        { name: 'Catálogo de produtos', greetingMessage: 'Veja nosso catálogo em balcao.example/catalogo' },
        { name: 'Problema com um pedido', queueType: 'queue', optQueueId: suporte.id },
      ],
    })
    const sara = await createUser(server.env, company.companyId, { name: 'Sara Suporte' })
    const vitor = await createUser(server.env, company.companyId, { name: 'Vitor Vendas' })
    await withSystem(server.env.services.db, async (tx) => {
      await tx`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${company.companyId}, ${conn.id}, ${vendas.id}), (${company.companyId}, ${conn.id}, ${suporte.id})`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${sara.id}, ${suporte.id}), (${company.companyId}, ${vitor.id}, ${vendas.id})`
    })
    const write = async (body: string) => {
      const res = await fetch(`${server.baseUrl}/simulator/${conn.id}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${builder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650031', name: 'Lia Cliente', body }),
      })
      expect(res.status).toBe(201)
    }
    const ticketNow = () =>
      withSystem(server.env.services.db, (tx) => tx<{ queueId: number | null; status: string }[]>`
        select queue_id, status from tickets where company_id = ${company.companyId}`).then((r) => r[0])

    const saraB = await openBrowser()
    const vitorB = await openBrowser()
    try {
      await openPending(saraB, sara.email, sara.password)
      await openPending(vitorB, vitor.email, vitor.password)

      await write('Oi, boa tarde')
      await until('the queue menu', () => phone.some((m) => m.includes('Olá! Escolha uma opção:') && m.includes('*1* - Vendas') && m.includes('*2* - Suporte')))
      await write('1')
      await until('the Vendas options', () => phone.some((m) => m.includes('Catálogo de produtos') && m.includes('Problema com um pedido')))
      expect((await ticketNow()).queueId).toBe(vendas.id)
      // In Vendas for now: Vitor's list shows it, Sara's does not.
      await row(vitorB.page, 'Lia Cliente').waitFor({ timeout: 20_000 })
      await write('2')
      await until('the Suporte greeting', () => phone.some((m) => m.includes('Bem-vindo ao suporte técnico.')))
      expect(await ticketNow()).toEqual({ queueId: suporte.id, status: 'pending' })
      await row(saraB.page, 'Lia Cliente').waitFor({ timeout: 20_000 })
      await row(vitorB.page, 'Lia Cliente').waitFor({ state: 'detached', timeout: 20_000 })

      // Sara opens it: the whole conversation came with the ticket into her queue, in the order it
      // happened (each answer after the message that caused it), the menu in WhatsApp's bold and lines.
      await row(saraB.page, 'Lia Cliente').click()
      const chat = saraB.page.getByTestId('ticket-chat')
      await chat.getByTestId('message-body').filter({ hasText: 'Bem-vindo ao suporte técnico.' }).waitFor({ timeout: 20_000 })
      const bodies = await chat.getByTestId('message-body').allInnerTexts()
      const at = (pred: (b: string) => boolean) => bodies.findIndex(pred)
      const order = [
        at((b) => b === 'Oi, boa tarde'),
        at((b) => b.includes('Olá! Escolha uma opção')),
        at((b) => b === '1'),
        at((b) => b.includes('Catálogo de produtos')),
        at((b) => b === '2'),
        at((b) => b.includes('Bem-vindo ao suporte técnico.')),
      ]
      expect(order.every((i) => i >= 0)).toBe(true)
      expect([...order].sort((x, y) => x - y)).toEqual(order)
      const menu = chat.getByTestId('message-body').filter({ hasText: 'Olá! Escolha uma opção' })
      expect(await menu.locator('strong').allTextContents()).toEqual(['1', '2'])
      expect(await menu.innerText()).toMatch(/Escolha uma opção:\n+1 - Vendas\n2 - Suporte/)
      await screenshot(saraB.page, 'routing-suporte.png')
    } finally {
      await saraB.close()
      await vitorB.close()
    }
  }, TIMEOUT)
})
