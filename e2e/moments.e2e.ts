import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { call } from '../test/http.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import { loginAs, openBrowser, screenshot, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * The live panel at /moments (issue 18): a waiting ticket moves to its attendant's column the moment she
 * accepts it, with no reload; a watcher with allowRealTime sees her queue only and cannot open another's
 * ticket. Run after `vite build`.
 */
let server: Server
let company: Awaited<ReturnType<typeof createCompany>>
let ana: Awaited<ReturnType<typeof createUser>>
let vera: Awaited<ReturnType<typeof createUser>>
let ticketId: number
beforeAll(async () => {
  server = await startServer()
  company = await createCompany(server.env)
  const companyId = company.companyId
  const w = (await createConnection(server.env, companyId)).id
  ana = await createUser(server.env, companyId, { name: 'Ana Atendente' })
  vera = await createUser(server.env, companyId, { name: 'Vera Supervisora', allowRealTime: 'enabled' })
  await withSystem(server.env.services.db, async (tx) => {
    const [vendas, suporte] = (await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#16a34a'), (${companyId}, 'Suporte', '#2563eb') returning id`).map((r) => r.id)
    await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${ana.id}, ${vendas}), (${companyId}, ${vera.id}, ${vendas})`
    const [c1] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${companyId}, 'Paula Compradora de Sapatos Vermelhos', '5511944443333') returning id`
    const [c2] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${companyId}, 'Rui Suporte', '5511944442222') returning id`
    const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, last_message, unread_messages)
      values (${companyId}, ${c1.id}, ${w}, 'simulator', 'pending', ${vendas}, 'Vocês têm o modelo 38 em vermelho com salto baixo?', 2) returning id`
    ticketId = t.id
    await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, user_id, last_message)
      values (${companyId}, ${c2.id}, ${w}, 'simulator', 'open', ${suporte}, ${company.adminId}, 'Minha senha não funciona')`
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
})

describe('live panel', () => {
  test('a waiting ticket moves to its attendant as she accepts it; a watcher sees her queue only', async () => {
    const admin = await openBrowser({ width: 1366, height: 820 })
    const watcher = await openBrowser({ width: 390, height: 844 })
    try {
      await loginAs(admin.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(admin.page)
      await admin.page.goto(`${server.baseUrl}/moments`)
      const waiting = admin.page.locator('[data-column="waiting"]')
      await waiting.getByTestId('moment-card').first().waitFor({ timeout: 60_000 })
      // Names and messages cut at 30 characters.
      expect(await waiting.textContent()).toContain('Paula Compradora de Sapatos Ve…')
      expect(await waiting.textContent()).toContain('Vocês têm o modelo 38 em verme…')
      expect(await admin.page.locator(`[data-column="${company.adminId}"]`).textContent()).toContain('Rui Suporte')

      await loginAs(watcher.page, server.baseUrl, vera.email, vera.password)
      await waitForLanding(watcher.page)
      await watcher.page.goto(`${server.baseUrl}/moments`)
      await watcher.page.locator('[data-column="waiting"]').getByTestId('moment-card').first().waitFor({ timeout: 60_000 })
      expect(await watcher.page.getByText('Rui Suporte').count()).toBe(0) // another queue's ticket
      await screenshot(admin.page, 'moments-before.png')

      // Ana accepts: the card leaves the waiting column and shows under her name, on both screens.
      const accepted = await call(server.env, 'PUT', `/tickets/${ticketId}`, { token: ana.token, json: { status: 'open', userId: ana.id } })
      expect(accepted.status).toBe(200)
      for (const page of [admin.page, watcher.page]) {
        await until('the card under Ana', async () => ((await page.locator(`[data-column="${ana.id}"]`).textContent()) ?? '').includes('Paula Compradora'))
        expect(await page.locator('[data-column="waiting"]').getByTestId('moment-card').count()).toBe(0)
      }
      await screenshot(admin.page, 'moments-after.png')
      await screenshot(watcher.page, 'moments-watcher-390.png')

      // The watcher cannot open Ana's ticket; the admin can.
      expect(await watcher.page.locator(`[data-column="${ana.id}"]`).getByRole('button').count()).toBe(0)
      await admin.page.locator(`[data-column="${ana.id}"]`).getByRole('button').first().click()
      await admin.page.waitForURL((u) => u.pathname.startsWith('/tickets/'))
    } finally {
      await admin.close()
      await watcher.close()
    }
  }, 180_000)
})
