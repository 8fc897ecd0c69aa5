import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createUser } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { fileServer, loginAs, openBrowser, screenshot, waitForLanding } from './support/harness.ts'

/**
 * The Queues page in Debian Chromium against the real server (spec part 2 §2 Queues page, §3 Queue and
 * Chatbot option, §5 Queue rules): an admin builds two queues, one with a two-level option tree, meets the
 * client rules and the server's colour uniqueness, edits the hours (scheduleType queue) and the saved
 * tree is checked through GET /queue/{id}. Run after `vite build`: `bun test ./e2e/queues.e2e.ts`.
 */
const TIMEOUT = 180_000
const server = fileServer()


const submit = (page: Page) => page.locator('button[type="submit"][form="queue-form"]').click()
const dialog = (page: Page) => page.getByRole('dialog')

interface SavedOption { id: number; name: string; greetingMessage: string; queueType: string; optUserId: number | null; optQueueId: number | null; closeTicket: boolean; options: SavedOption[] }
interface SavedQueue { id: number; name: string; color: string; greetingMessage: string; tempoRoteador: number; schedules: { weekdayEn: string; startTimeA: string; endTimeA: string; startTimeB: string; endTimeB: string }[]; chatbots: SavedOption[] }

describe('queues page', () => {
  test('an admin builds two queues with an option tree and hours; a used colour is refused', async () => {
    const company = await createCompany(server.env)
    const attendant = await createUser(server.env, company.companyId, { name: 'Bruno Atendente' })
    await withSystem(server.env.services.db, (tx) => tx`
      insert into company_settings (company_id, schedule_type) values (${company.companyId}, 'queue')
      on conflict (company_id) do update set schedule_type = 'queue'`)
    const queueIdOf = async (name: string) => {
      const [q] = await withSystem(server.env.services.db, (tx) => tx<{ id: number }[]>`select id from queues where company_id = ${company.companyId} and name = ${name}`)
      return q?.id
    }
    // A second admin reads the API: logging in the browser ends the first admin's other sessions.
    const reader = await createUser(server.env, company.companyId, { name: 'Leitora', profile: 'admin' })
    const api = async (id: number) => (await call(server.env, 'GET', `/queue/${id}`, { token: reader.token })).body as SavedQueue

    const browser = await openBrowser()
    const { page } = browser
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.getByRole('link', { name: 'Filas & Chatbot' }).click()
      await page.waitForURL(`${server.baseUrl}/queues`)
      await page.getByText('Nenhuma fila cadastrada.').waitFor({ timeout: 30_000 })

      // First queue: data, a two-level menu, and Saturday's hours.
      await page.getByRole('button', { name: 'Adicionar fila' }).click()
      await dialog(page).getByRole('tab', { name: 'Dados da fila' }).waitFor()
      await page.locator('#queue-name').fill('Vendas')
      await page.locator('#queue-color').fill('#FF0000')
      await page.locator('#queue-greetingMessage').fill('Olá! Escolha uma opção:')
      await page.locator('#queue-tempoRoteador').selectOption('15')
      await page.getByRole('button', { name: 'Adicionar opção' }).click()
      await page.locator('#queue-option-0-name').fill('Fin')
      await page.getByRole('button', { name: 'Adicionar subopção em 1', exact: true }).click()
      await page.locator('#queue-option-0-0-name').fill('Boletos')
      await page.locator('#queue-option-0-0-queueType').selectOption('attendent')

      // The client rules: name ≥ 4, a next level needs a message, an attendant option needs its user.
      await submit(page)
      await dialog(page).getByText('Too Short!', { exact: true }).waitFor()
      await dialog(page).getByText('Uma opção com subopções precisa de uma mensagem', { exact: true }).waitFor()
      expect(await page.locator('#queue-option-0-0-optUserId-error').textContent()).toBe('Required')
      await page.locator('#queue-option-0-name').fill('Financeiro')
      await page.locator('#queue-option-0-greetingMessage').fill('Qual assunto?')
      await page.locator('#queue-option-0-0-optUserId').selectOption({ label: 'Bruno Atendente' })
      await page.getByRole('button', { name: 'Adicionar opção' }).click()
      await page.locator('#queue-option-1-name').fill('Encerrar conversa')
      await page.locator('#queue-option-1-closeTicket').click()

      await page.locator('#queue-option-1-name').scrollIntoViewIfNeeded()
      await screenshot(page, 'queues-option-tree.png')
      await dialog(page).getByRole('tab', { name: 'Horários' }).click()
      expect(await page.getByTestId('queue-hours-day').count()).toBe(7)
      expect(await page.locator('#queue-monday-startTimeA').inputValue()).toBe('08:00')
      await page.locator('#queue-saturday-startTimeA').fill('09:00')
      await page.locator('#queue-saturday-endTimeA').fill('13:00')
      await page.locator('#queue-saturday-startTimeB').fill('')
      await page.locator('#queue-saturday-endTimeB').fill('')
      await screenshot(page, 'queues-hours.png')
      await submit(page)
      await page.getByText('Fila salva com sucesso!').waitFor()
      await page.getByTestId('queue-row').filter({ hasText: 'Vendas' }).waitFor({ timeout: 30_000 })

      const vendasId = await queueIdOf('Vendas')
      const vendas = await api(vendasId)
      expect(vendas).toMatchObject({ name: 'Vendas', color: '#ff0000', greetingMessage: 'Olá! Escolha uma opção:', tempoRoteador: 15 })
      expect(vendas.chatbots).toMatchObject([
        { name: 'Financeiro', greetingMessage: 'Qual assunto?', queueType: 'text', options: [{ name: 'Boletos', queueType: 'attendent', optUserId: attendant.id, options: [] }] },
        { name: 'Encerrar conversa', queueType: 'text', closeTicket: true, options: [] },
      ])
      expect(vendas.schedules.find((s) => s.weekdayEn === 'saturday')).toMatchObject({ startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' })
      expect(vendas.schedules.find((s) => s.weekdayEn === 'monday')).toMatchObject({ startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' })

      // Second queue: the same colour in another case is refused by the server, on the colour field.
      await page.getByRole('button', { name: 'Adicionar fila' }).click()
      await page.locator('#queue-name').fill('Suporte')
      await page.locator('#queue-color').fill('#ff0000')
      await page.getByRole('button', { name: 'Adicionar opção' }).click()
      await page.locator('#queue-option-0-name').fill('Falar com vendas')
      await page.locator('#queue-option-0-queueType').selectOption('queue')
      await page.locator('#queue-option-0-optQueueId').selectOption({ label: 'Vendas' })
      // With Vendas there, Suporte needs a greeting: the customer picks from it (ERR_WAPP_GREETING_REQUIRED).
      await submit(page)
      await dialog(page).getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.').waitFor()
      await page.locator('#queue-greetingMessage').fill('Suporte: como podemos ajudar?')
      await submit(page)
      await page.locator('#queue-color-error').getByText('Esta cor já está em uso por outra fila; escolha outra.').waitFor()
      await page.waitForFunction(() => document.activeElement?.id === 'queue-color')
      await screenshot(page, 'queues-color-taken.png')
      await page.locator('#queue-color').fill('#00aa00')
      await submit(page)
      await page.getByText('Fila salva com sucesso!').first().waitFor()
      await dialog(page).waitFor({ state: 'detached' })
      await page.getByTestId('queue-row').filter({ hasText: 'Suporte' }).waitFor({ timeout: 30_000 })
      const suporte = await api(await queueIdOf('Suporte'))
      expect(suporte.chatbots).toMatchObject([{ name: 'Falar com vendas', queueType: 'queue', optQueueId: vendasId }])

      const rows = page.getByTestId('queue-row')
      expect(await rows.count()).toBe(2)
      // Both without an order: by name, each with its colour swatch.
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-color')))).toEqual(['#00aa00', '#ff0000'])
      expect((await rows.allTextContents()).join(' ')).toContain('Olá! Escolha uma opção:')
      await screenshot(page, 'queues-list.png')

      // Editing loads the tree; saved options keep their ids.
      await page.getByRole('button', { name: 'Editar Vendas' }).click()
      await page.locator('#queue-option-0-0-name').waitFor()
      expect(await page.locator('#queue-option-0-0-name').inputValue()).toBe('Boletos')
      await page.locator('#queue-option-0-0-name').fill('Boletos e PIX')
      await page.getByRole('button', { name: 'Descer opção 1', exact: true }).click()
      expect(await page.locator('#queue-option-0-name').inputValue()).toBe('Encerrar conversa')
      await submit(page)
      await dialog(page).waitFor({ state: 'detached' })
      const edited = await api(vendasId)
      expect(edited.chatbots.map((o) => o.name)).toEqual(['Encerrar conversa', 'Financeiro'])
      expect(edited.chatbots[1].id).toBe(vendas.chatbots[0].id)
      expect(edited.chatbots[1].options[0]).toMatchObject({ id: vendas.chatbots[0].options[0].id, name: 'Boletos e PIX' })

      // Delete: the row goes once sync brings the change.
      await page.getByRole('button', { name: 'Excluir Suporte' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
      await page.getByText('Fila excluída com sucesso!').waitFor()
      await page.getByTestId('queue-row').filter({ hasText: 'Suporte' }).waitFor({ state: 'detached', timeout: 30_000 })
      expect(await rows.count()).toBe(1)
    } finally {
      await browser.close()
    }
  }, TIMEOUT)

  test('deleting a queue that holds conversations asks where they go, and moves them first (issue 15 item 7)', async () => {
    const company = await createCompany(server.env)
    const { vendas, suporte, ticketId } = await withSystem(server.env.services.db, async (tx) => {
      const [v] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#aa0000') returning id`
      const [s] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Suporte', '#00aa00') returning id`
      const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (${company.companyId}, 'Loja', 'simulator', 'CONNECTED') returning id`
      const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Cliente Fila', '5511955550009') returning id`
      const [t] = await tx<{ id: number }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id) values (${company.companyId}, ${c.id}, ${w.id}, 'simulator', 'pending', ${v.id}) returning id`
      return { vendas: v.id, suporte: s.id, ticketId: t.id }
    })
    const browser = await openBrowser({ width: 1366, height: 820 })
    const { page } = browser
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/queues`)
      await page.getByRole('button', { name: 'Excluir Vendas' }).click({ timeout: 30_000 })
      await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
      const move = page.getByRole('dialog').filter({ hasText: 'Excluir a fila Vendas' })
      await move.getByText('1 atendimento em andamento está nesta fila.', { exact: false }).waitFor()
      expect(await page.getByText('Fila excluída com sucesso!').count()).toBe(0)
      expect(await move.getByTestId('queue-move-confirm').isDisabled()).toBe(true)
      await screenshot(page, 'queue-move-1366-light.png')
      await page.setViewportSize({ width: 390, height: 844 })
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      await screenshot(page, 'queue-move-390-dark.png')
      await page.setViewportSize({ width: 1366, height: 820 })
      await page.evaluate(() => document.documentElement.classList.remove('dark'))
      await move.locator('#queue-move-to').selectOption({ label: 'Suporte' })
      await move.getByTestId('queue-move-confirm').click()
      await page.getByText('Fila excluída com sucesso!').waitFor()
      await move.waitFor({ state: 'detached' })
      await page.getByTestId('queue-row').filter({ hasText: 'Vendas' }).waitFor({ state: 'detached', timeout: 30_000 })
      const [t] = await withSystem(server.env.services.db, (tx) => tx<{ queueId: number }[]>`select queue_id from tickets where id = ${ticketId}`)
      expect(t.queueId).toBe(suporte)
      const [gone] = await withSystem(server.env.services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from queues where id = ${vendas}`)
      expect(gone.n).toBe(0)
    } finally {
      await browser.close()
    }
  }, TIMEOUT)
})
