import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * The user dialog (issue 17): an admin gives a new attendant a queue and a default connection, and the
 * attendant, in a second browser, sees that queue's waiting ticket and accepts it. A save the server
 * refuses shows only the field's error. Run after `vite build`.
 */
const server = fileServer()

const FIRST_START_MS = 60_000
const toasts = (page: Page, kind: 'success' | 'error') => page.locator(`[data-toast="${kind}"]`)

describe('users page', () => {
  test('a user created with a queue and a connection sees and accepts that queue\'s waiting ticket; a taken email shows only the field error', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { name: 'Loja Centro' })
    await withSystem(server.env.services.db, async (tx) => {
      const [vendas] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      await tx`insert into queues (company_id, name, color) values (${company.companyId}, 'Suporte', '#2563eb')`
      const [contact] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Paula Compradora', '5511944443333') returning id`
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, last_message)
               values (${company.companyId}, ${contact.id}, ${conn.id}, 'simulator', 'pending', ${vendas.id}, 'Quero um orçamento')`
    })
    const admin = await openBrowser({ width: 1366, height: 820 })
    const attendant = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(admin.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(admin.page)
      await waitForServiceWorker(admin.page)
      await admin.page.goto(`${server.baseUrl}/users`)
      await admin.page.getByTestId('user-row').first().waitFor({ timeout: FIRST_START_MS })

      // A taken email: the dialog stays open with the server's reason under the field, no success, no red row.
      await admin.page.getByRole('button', { name: 'Adicionar usuário' }).click()
      await admin.page.locator('#user-name').fill('Duplicada')
      await admin.page.locator('#user-email').fill(company.adminEmail)
      await admin.page.locator('#user-password').fill('senha-123')
      await admin.page.locator('#user-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await admin.page.locator('#user-email-error').filter({ hasText: 'Já existe um usuário com este e-mail.' }).waitFor({ timeout: 20_000 })
      expect(await toasts(admin.page, 'success').count()).toBe(0)
      expect(await toasts(admin.page, 'error').count()).toBe(0)
      expect(await admin.page.locator('#user-form').isVisible()).toBe(true)
      await until('the refused row to go', async () => (await admin.page.getByTestId('user-row').filter({ hasText: 'Duplicada' }).count()) === 0)
      await screenshot(admin.page, 'users-dialog-taken-email.png')

      // The same dialog, fixed: a new email, the Vendas queue, the default connection, working hours.
      const email = `bruna.${Date.now()}@test.local`
      await admin.page.locator('#user-name').fill('Bruna Atendente')
      await admin.page.locator('#user-email').fill(email)
      await admin.page.getByRole('checkbox', { name: 'Vendas' }).check()
      await admin.page.locator('#user-whatsapp').selectOption({ label: 'Loja Centro' })
      await admin.page.locator('#user-farewell').fill('Obrigada pelo contato!')
      // Hours through the ##:## mask, 24-hour whatever the browser's locale.
      await admin.page.locator('#user-startWork').fill('')
      await admin.page.locator('#user-startWork').pressSequentially('0010')
      expect(await admin.page.locator('#user-startWork').inputValue()).toBe('00:10')
      await admin.page.locator('#user-startWork').fill('00:00')
      await screenshot(admin.page, 'users-dialog.png')
      await admin.page.locator('#user-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await toasts(admin.page, 'success').filter({ hasText: 'Usuário salvo com sucesso!' }).waitFor({ timeout: 20_000 })
      await admin.page.locator('#user-form').waitFor({ state: 'detached' })
      const saved = await until('the user on the server', async () => {
        const [u] = await withSystem(server.env.services.db, (tx) => tx<{ id: number; whatsappId: number; farewellMessage: string; queues: string[] }[]>`
          select u.id, u.whatsapp_id, u.farewell_message, array(select q.name from user_queues uq join queues q on q.id = uq.queue_id where uq.user_id = u.id) as queues
            from users u where u.email = ${email}`)
        return u
      })
      expect(saved).toMatchObject({ whatsappId: conn.id, farewellMessage: 'Obrigada pelo contato!', queues: ['Vendas'] })
      expect(await toasts(admin.page, 'error').count()).toBe(0)

      // Reopened, the dialog shows what was saved.
      await admin.page.getByTestId('user-row').filter({ hasText: 'Bruna Atendente' }).getByRole('button', { name: 'Editar Bruna Atendente' }).click()
      expect(await admin.page.getByRole('checkbox', { name: 'Vendas' }).isChecked()).toBe(true)
      expect(await admin.page.getByRole('checkbox', { name: 'Suporte' }).isChecked()).toBe(false)
      expect(await admin.page.locator('#user-whatsapp').inputValue()).toBe(String(conn.id))
      expect(await admin.page.locator('#user-startWork').inputValue()).toBe('00:00')
      expect(await admin.page.locator('#user-endWork').inputValue()).toBe('23:59')

      // The attendant, elsewhere, sees the Vendas ticket waiting and accepts it.
      await loginAs(attendant.page, server.baseUrl, email, 'senha-123')
      await attendant.page.waitForURL((u) => u.pathname !== '/login', { timeout: 20_000 })
      await attendant.page.getByRole('link', { name: 'Atendimentos', exact: true }).click()
      await attendant.page.getByTestId('ticket-tab-pending').click()
      const row = attendant.page.getByTestId('ticket-row').filter({ hasText: 'Paula Compradora' })
      await row.waitFor({ timeout: FIRST_START_MS })
      await row.getByTestId('ticket-accept').click()
      const accepted = await until('the ticket accepted on the server', async () => {
        const [t] = await withSystem(server.env.services.db, (tx) => tx<{ status: string; userId: number }[]>`
          select status, user_id from tickets where company_id = ${company.companyId}`)
        return t?.status === 'open' ? t : undefined
      })
      expect(accepted?.userId).toBe(saved.id)
      await attendant.page.getByTestId('ticket-chat').waitFor()
    } finally {
      await admin.close()
      await attendant.close()
    }
  }, 240_000)
})
