import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { loginAs, openBrowser, type Server, startServer, until, waitForServiceWorker } from './support/harness.ts'

/**
 * A transfer with closeTicketOnTransfer (issue 6): the chat of the closed ticket says where the
 * conversation went on and opens it. On the way, the chat input's emoji picker (issue 5) and the
 * drawer's wallet (issue 6). Run after `vite build`.
 */
let server: Server
beforeAll(async () => {
  server = await startServer()
}, 60_000)
afterAll(async () => {
  await server?.close()
})


describe('transfer with closeTicketOnTransfer', () => {
  test('the old ticket closes, its chat points to the new one in the target queue, and opens it', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const ticket = await withSystem(server.env.services.db, async (tx) => {
      await tx`update company_settings set close_ticket_on_transfer = true where company_id = ${company.companyId}`
      const [vendas] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      await tx`insert into queues (company_id, name, color) values (${company.companyId}, 'Suporte', '#2563eb')`
      const [contact] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Rita Cliente', '5511955554444') returning id`
      const [t] = await tx<{ id: number; uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, queue_id)
        values (${company.companyId}, ${contact.id}, ${conn.id}, 'simulator', 'open', ${company.adminId}, ${vendas.id})
        returning id, uuid::text as uuid`
      return t
    })
    const b = await openBrowser()
    try {
      await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await b.page.waitForURL(`${server.baseUrl}/`)
      await waitForServiceWorker(b.page)
      await b.page.goto(`${server.baseUrl}/tickets/${ticket.uuid}`)
      const chat = b.page.getByTestId('ticket-chat')
      await chat.getByTestId('chat-transfer').waitFor({ timeout: 45_000 })

      // The emoji picker (on demand, its own chunk) inserts where the cursor is.
      const input = chat.getByTestId('message-input')
      await input.fill('Olá  tudo bem')
      await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4))
      await chat.getByTestId('emoji-open').click()
      const picker = b.page.getByTestId('emoji-picker')
      const grinning = picker.locator('button[data-epr-unified="1f600"]')
      await grinning.waitFor({ timeout: 20_000 })
      // Names in the app's language (the Portuguese set), for the search too.
      expect(await grinning.getAttribute('aria-label')).toBe('rosto risonho')
      await grinning.click()
      expect(await input.inputValue()).toBe('Olá 😀 tudo bem')
      await b.page.keyboard.press('Escape')
      await input.fill('')

      // The admin files the contact in their own wallet, in Vendas (the drawer's wallet section).
      await chat.getByTestId('drawer-toggle').click()
      const wallet = b.page.getByTestId('contact-wallet')
      await wallet.locator('#wallet-user').waitFor({ timeout: 20_000 })
      expect(await wallet.getByTestId('wallet-save').isDisabled()).toBe(true)
      await wallet.locator('#wallet-user').selectOption(String(company.adminId))
      await wallet.locator('#wallet-queue').selectOption({ label: 'Vendas' })
      await wallet.getByTestId('wallet-save').click()
      const filed = await until('the wallet on the server', async () => {
        const [w] = await withSystem(server.env.services.db, (tx) => tx<{ userId: number; queueName: string }[]>`
          select w.user_id, q.name as queue_name from contact_wallets w join queues q on q.id = w.queue_id
           where w.contact_id = (select contact_id from tickets where id = ${ticket.id})`)
        return w
      })
      expect(filed).toEqual({ userId: company.adminId, queueName: 'Vendas' })
      await chat.getByTestId('drawer-toggle').click()
      await chat.getByTestId('chat-transfer').click()
      await b.page.getByTestId('transfer-queue').selectOption({ label: 'Suporte' })
      await b.page.getByTestId('transfer-confirm').click()
      const next = await until('the new ticket on the server', async () => {
        const rows = await withSystem(server.env.services.db, (tx) => tx<{ id: number; uuid: string; status: string }[]>`
          select id, uuid::text as uuid, status from tickets where contact_id = (select contact_id from tickets where id = ${ticket.id}) order by id`)
        return rows.length === 2 && rows[0].status === 'closed' && rows[1].status === 'pending' ? rows[1] : null
      }).then((row) => row!)
      const notice = b.page.getByTestId('successor-notice')
      await notice.waitFor({ timeout: 20_000 })
      expect(await notice.textContent()).toContain(`#${next.id}`)
      await notice.getByRole('button').click()
      await b.page.waitForURL(`${server.baseUrl}/tickets/${next.uuid}`)
      await b.page.locator(`[data-testid="ticket-chat"][data-ticket-id="${next.id}"][data-status="pending"]`).waitFor()
      expect(await b.page.getByTestId('successor-notice').count()).toBe(0)
    } finally {
      await b.close()
    }
  }, 120_000)
})
