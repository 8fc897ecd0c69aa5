import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import * as XLSX from '@e965/xlsx'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { loginAs, openBrowser, screenshot, SEEDED_MONTH_DAY, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * The tickets report at /reports (issue 18): an admin filters, pages, opens a ticket's log and its chat,
 * exports the whole filtered set, and sees the rows come again after a ticket is finished. Run after
 * `vite build`.
 */
let server: Server
let company: Awaited<ReturnType<typeof createCompany>>
let waitingId = 0
// Another admin's token: the browser's login ends the company admin's API session (one session per user).
let otherAdmin: Awaited<ReturnType<typeof createUser>>
beforeAll(async () => {
  server = await startServer()
  company = await createCompany(server.env)
  const companyId = company.companyId
  const w = (await createConnection(server.env, companyId, { name: 'Loja Centro' })).id
  otherAdmin = await createUser(server.env, companyId, { name: 'Outra Admin', profile: 'admin' })
  await withSystem(server.env.services.db, async (tx) => {
    const [vendas] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#16a34a') returning id`
    // 23 tickets this month: every third closed and rated, the rest waiting; one named apart for the search.
    for (let i = 1; i <= 23; i++) {
      const name = i === 23 ? 'Zélia Procurada' : `Cliente ${String(i).padStart(2, '0')}`
      const at = new Date(Date.UTC(2026, 10, 1 + (i % 20), 12, i))
      const closed = i % 3 === 0
      const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${companyId}, ${name}, ${`551190000${String(i).padStart(4, '0')}`}) returning id`
      const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, queue_id, created_at, accepted_at, closed_at, last_message)
        values (${companyId}, ${c.id}, ${w}, 'simulator', ${closed ? 'closed' : 'pending'}, ${vendas.id}, ${at}, ${closed ? new Date(at.getTime() + 60_000) : null},
                ${closed ? new Date(at.getTime() + 31 * 60_000) : null}, ${`Mensagem ${i}`}) returning id`
      await tx`insert into ticket_logs (company_id, ticket_id, type, created_at) values (${companyId}, ${t.id}, 'create', ${at})`
      if (i === 1) waitingId = t.id
      if (closed) await tx`insert into user_ratings (company_id, ticket_id, rate) values (${companyId}, ${t.id}, ${i % 11})`
    }
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
})

describe('tickets report', () => {
  test('filters, pages, the log, the chat and the export of the whole filtered set', async () => {
    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await page.clock.install({ time: SEEDED_MONTH_DAY })
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/reports`)
      const rows = page.getByTestId('report-row')
      const range = page.getByTestId('report-range')
      await until('the first page', async () => (await range.textContent()) === '1–10 de 23')
      expect(await rows.count()).toBe(10)
      expect(await rows.first().textContent()).toContain('Cliente 19') // the newest: the 20th, 12:19

      await page.getByRole('button', { name: 'Próxima página' }).click()
      await until('the second page', async () => (await range.textContent()) === '11–20 de 23')
      await page.getByTestId('report-pager').locator('select').selectOption('50')
      await until('one page of all', async () => (await rows.count()) === 23 && (await range.textContent()) === '1–23 de 23')

      await page.getByText('Somente avaliados').click()
      await until('the rated ones', async () => (await range.textContent()) === '1–7 de 7')
      await page.getByText('Somente avaliados').click()
      await page.locator('#report-statuses').click()
      await page.getByRole('option', { name: 'Aguardando', exact: true }).click()
      await page.keyboard.press('Escape')
      await until('the waiting ones', async () => (await range.textContent()) === '1–16 de 16')
      await page.locator('#report-search').fill('zelia')
      await until('the search', async () => (await rows.count()) === 1 && (await rows.first().textContent())!.includes('Zélia Procurada'))
      await screenshot(page, 'reports-filtered.png')

      await rows.first().getByRole('button', { name: 'Histórico do ticket' }).click()
      await page.getByRole('dialog').getByText('Criado').first().waitFor()
      await page.keyboard.press('Escape')

      // One contact's tickets: the picker hints under 3 characters, then offers the contacts that match.
      await page.locator('#report-search').fill('')
      await page.locator('#report-contact').fill('Zé')
      await page.getByText('Digite ao menos 3 caracteres para buscar.').waitFor()
      await page.locator('#report-contact').fill('zél')
      await page.getByRole('option', { name: /Zélia Procurada/ }).click()
      await until('one contact', async () => (await range.textContent()) === '1–1 de 1' && (await rows.first().textContent())!.includes('Zélia Procurada'))
      await screenshot(page, 'reports-contact.png')
      await page.getByRole('button', { name: 'Limpar' }).click()

      // The export takes the whole filtered set, not the page.
      await until('the waiting ones again', async () => (await range.textContent()) === '1–16 de 16')
      await page.getByTestId('report-pager').locator('select').selectOption('5')
      await until('a page of 5', async () => (await rows.count()) === 5)
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()])
      expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx')
      const book = XLSX.read(readFileSync((await download.path())!))
      expect(book.SheetNames).toEqual(['RelatorioDeAtendimentos'])
      const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.RelatorioDeAtendimentos)
      expect(sheet).toHaveLength(16)
      expect(new Set(sheet.map((r) => r.Status))).toEqual(new Set(['Aguardando']))
      expect(sheet[0]).toMatchObject({ Conexão: 'Loja Centro', Fila: 'Vendas' })

      // A waiting ticket is finished elsewhere: 5 s after it reaches this browser the rows come again.
      const closed = await call(server.env, 'PUT', `/tickets/${waitingId}`, { token: otherAdmin.token, json: { status: 'closed' } })
      expect(closed.status).toBe(200)
      await until('the report without it', async () => (await range.textContent()) === '1–5 de 15', 20_000)

      await rows.first().getByRole('button', { name: 'Abrir atendimento' }).click()
      await page.waitForURL((u) => u.pathname.startsWith('/tickets/'))
    } finally {
      await close()
    }
  }, 120_000)
})
