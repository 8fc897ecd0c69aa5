import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import type { Page } from 'playwright-core'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * A transfer with closeTicketOnTransfer (issue 6): the chat of the closed ticket says where the
 * conversation went on and opens it. On the way, the chat input's emoji picker (issue 5) and the
 * drawer's wallet (issue 6). Run after `vite build`.
 */
const server = fileServer()


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
      await waitForLanding(b.page)
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

/** A count of the browser's own database (lib/local-first.ts exposes it for diagnostics). */
const localCount = (page: Page, sql: string, params: unknown[]) =>
  page.evaluate(
    async ([q, p]) => {
      const db = (globalThis as unknown as { balcaoLocalDb?: { query(s: string, v: unknown[]): Promise<{ rows: { n: number }[] }> } }).balcaoLocalDb
      return db ? (await db.query(q as string, p as unknown[])).rows[0].n : -1
    },
    [sql, params] as const,
  )

describe('a transfer moves the conversation between attendants (issue 13)', () => {
  test("the attendant's open app receives the ticket with its whole history, and loses both when it is transferred away", async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const ana = await createUser(server.env, company.companyId, { name: 'Ana Atendente' })
    const ticket = await withSystem(server.env.services.db, async (tx) => {
      const [vendas] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      const [suporte] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Suporte', '#2563eb') returning id`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${ana.id}, ${suporte.id})`
      const [contact] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Célia Histórico', '5511955550000') returning id`
      const [t] = await tx<{ id: number; uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, queue_id)
        values (${company.companyId}, ${contact.id}, ${conn.id}, 'simulator', 'open', ${company.adminId}, ${vendas.id})
        returning id, uuid::text as uuid`
      for (let i = 1; i <= 8; i++) {
        await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me) values (${company.companyId}, ${t.id}, ${contact.id}, ${`Pergunta ${i} da Célia`}, false)`
      }
      return t
    })
    const admin = await openBrowser()
    const attendant = await openBrowser()
    try {
      await loginAs(attendant.page, server.baseUrl, ana.email, ana.password)
      await waitForLanding(attendant.page)
      await attendant.page.goto(`${server.baseUrl}/tickets`)
      await attendant.page.getByTestId('ticket-list-pane').waitFor({ timeout: 45_000 })
      const history = (page: Page) => localCount(page, `select count(*)::int as n from messages where ticket_id = $1 and body like 'Pergunta %'`, [ticket.id])
      await until("the attendant's database open", async () => (await history(attendant.page)) === 0, 45_000)

      await loginAs(admin.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(admin.page)
      await admin.page.goto(`${server.baseUrl}/tickets/${ticket.uuid}`)
      const chat = admin.page.getByTestId('ticket-chat')
      await chat.getByTestId('message').filter({ hasText: 'Pergunta 8 da Célia' }).waitFor({ timeout: 45_000 })
      await chat.getByTestId('chat-transfer').click()
      await admin.page.getByTestId('transfer-queue').selectOption({ label: 'Suporte' })
      await admin.page.getByTestId('transfer-user').selectOption({ label: 'Ana Atendente' })
      await admin.page.getByTestId('transfer-confirm').click()
      await until('the transfer on the server', async () => {
        const [t] = await withSystem(server.env.services.db, (tx) => tx<{ userId: number }[]>`select user_id from tickets where id = ${ticket.id}`)
        return t.userId === ana.id
      })
      const transferred = Date.now()

      // Her list shows the ticket and its chat the whole conversation, without a reload.
      await until('the whole history in her database', async () => (await history(attendant.page)) === 8, 20_000)
      console.log(`history in the attendant's database ${Date.now() - transferred} ms after the transfer committed`)
      await attendant.page.getByTestId('ticket-list-pane').getByText('Célia Histórico').click()
      const herChat = attendant.page.getByTestId('ticket-chat')
      await herChat.getByTestId('message').filter({ hasText: 'Pergunta 1 da Célia' }).waitFor({ timeout: 20_000 })
      expect(await herChat.getByTestId('message').filter({ hasText: 'da Célia' }).count()).toBe(8)

      // Back to Vendas with nobody: out of her view, out of her list and her database.
      await withSystem(server.env.services.db, (tx) => tx`update tickets set user_id = null, status = 'pending', queue_id = (select id from queues where company_id = ${company.companyId} and name = 'Vendas') where id = ${ticket.id}`)
      await until('the history gone from her database', async () => (await history(attendant.page)) === 0, 20_000)
      expect(await localCount(attendant.page, 'select count(*)::int as n from tickets where id = $1', [ticket.id])).toBe(0)
      await attendant.page.getByTestId('ticket-list-pane').getByText('Célia Histórico').waitFor({ state: 'detached', timeout: 20_000 })
    } finally {
      await admin.close()
      await attendant.close()
    }
  }, 180_000)
})


describe('the chat header (issue 17)', () => {
  test('the full contact name and owner show at 1366×820 with the menu open; the actions wrap instead', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const ticket = await withSystem(server.env.services.db, async (tx) => {
      await tx`update users set name = 'Beatriz Administradora' where id = ${company.adminId}`
      const [vendas] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      const [contact] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Rita Cliente da Silva', '5511955550088') returning id`
      const [t] = await tx<{ uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, queue_id)
        values (${company.companyId}, ${contact.id}, ${conn.id}, 'simulator', 'open', ${company.adminId}, ${vendas.id}) returning uuid::text as uuid`
      return t
    })
    for (const [width, height] of [[1366, 820], [390, 844]]) {
      for (const theme of ['light', 'dark']) {
        const b = await openBrowser({ width, height })
        try {
          await b.page.addInitScript((t) => localStorage.setItem('preferredTheme', t), theme)
          await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
          await waitForLanding(b.page)
          await b.page.goto(`${server.baseUrl}/tickets/${ticket.uuid}`)
          const chat = b.page.getByTestId('ticket-chat')
          await chat.getByTestId('chat-resolve').waitFor({ timeout: 45_000 })
          const cut = await chat.locator('header p').evaluateAll((ps) => ps.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent))
          expect({ width, cut }).toEqual({ width, cut: [] })
          expect(await chat.getByTestId('chat-contact').textContent()).toContain('Rita Cliente da Silva')
          await screenshot(b.page, `chat-header-${width}-${theme}.png`)
        } finally {
          await b.close()
        }
      }
    }
  }, 240_000)
})
