import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import * as XLSX from '@e965/xlsx'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser, superToken } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, loginAs, openBrowser, screenshot, SEEDED_MONTH_DAY, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * The dashboard at / (issue 18): an admin reads the counters of the month, narrows the range, reads the
 * NPS and the attendants and exports them; a user without showDashboard lands on /tickets and gets the
 * 403 page on /. Run after `vite build`.
 */
let server: Server
let company: Awaited<ReturnType<typeof createCompany>>
let plain: { email: string; password: string }
beforeAll(async () => {
  server = await startServer()
  company = await createCompany(server.env)
  const companyId = company.companyId
  const w = (await createConnection(server.env, companyId)).id
  const ana = await createUser(server.env, companyId, { name: 'Ana Atendente' })
  const bruno = await createUser(server.env, companyId, { name: 'Bruno Atendente' })
  plain = await createUser(server.env, companyId, { name: 'Paulo Sem Painel' })
  await withSystem(server.env.services.db, async (tx) => {
    await tx`update users set online = true where id = ${ana.id}`
    // created, owner, status, minutes to accept, minutes of service, rating
    const T: [string, number | null, string, number | null, number | null, number | null][] = [
      ['2026-11-03T12:00Z', ana.id, 'closed', 10, 30, 10],
      ['2026-11-04T12:00Z', ana.id, 'closed', 20, 60, 9],
      ['2026-11-05T12:00Z', bruno.id, 'closed', 30, 90, 3],
      ['2026-11-12T12:00Z', bruno.id, 'open', 15, null, null],
      ['2026-11-13T12:00Z', null, 'pending', null, null, null],
    ]
    for (const [i, [created, userId, status, wait, service, rate]] of T.entries()) {
      const at = new Date(created)
      const accepted = wait === null ? null : new Date(at.getTime() + wait * 60_000)
      const closed = accepted && service !== null ? new Date(accepted.getTime() + service * 60_000) : null
      const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, created_at) values (${companyId}, ${`Cliente ${i}`}, ${`55119000000${i}`}, ${at}) returning id`
      const [t] = await tx<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, created_at, accepted_at, closed_at)
        values (${companyId}, ${c.id}, ${w}, 'simulator', ${status}, ${userId}, ${at}, ${accepted}, ${closed}) returning id`
      await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me, created_at) values (${companyId}, ${t.id}, ${c.id}, 'Olá', ${i === 1}, ${at})`
      if (rate !== null) await tx`insert into user_ratings (company_id, ticket_id, user_id, rate) values (${companyId}, ${t.id}, ${userId}, ${rate})`
    }
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
})

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`).locator('span').nth(1)

describe('dashboard', () => {
  test('an admin reads the month, narrows the range, switches tabs and exports the attendants', async () => {
    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await page.clock.install({ time: SEEDED_MONTH_DAY })
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.getByTestId('dashboard-title').waitFor()
      // From the first of this month (the browser's today, in November 2026) to today: all five tickets.
      await until('the month counters', async () => (await stat(page, 'tickets').textContent()) === '5')
      expect(await stat(page, 'supportFinished').textContent()).toBe('3')
      expect(await stat(page, 'supportHappening').textContent()).toBe('1')
      expect(await stat(page, 'supportPending').textContent()).toBe('1')
      expect(await stat(page, 'avgWaitTime').textContent()).toBe('19min') // (10 + 20 + 30 + 15) / 4 = 18.75
      expect(await stat(page, 'avgSupportTime').textContent()).toBe('1h 0min')
      expect(await stat(page, 'activeTickets').textContent()).toBe('1')
      await page.getByTestId('chart-per-day').locator('canvas').waitFor()
      await screenshot(page, 'dashboard-indicators.png')

      // A later start: only the tickets from the 10th on.
      await page.locator('#dashboard-from').fill('2026-11-10')
      await until('the narrowed counters', async () => (await stat(page, 'tickets').textContent()) === '2')
      expect(await stat(page, 'supportFinished').textContent()).toBe('0')
      await page.locator('#dashboard-from').fill('')
      await page.locator('#dashboard-to').fill('')
      await page.getByText('Parametrize o filtro').waitFor()
      await page.locator('#dashboard-from').fill('2026-11-01')
      await page.locator('#dashboard-to').fill('2026-11-30')
      await until('the month again', async () => (await stat(page, 'tickets').textContent()) === '5')

      await page.getByRole('tab', { name: 'NPS' }).click()
      // 10 and 9 promote, 3 detracts: (2 − 1) / 3 = 33.3
      await until('the NPS score', async () => (await page.getByTestId('nps-score').locator('span').first().textContent())?.trim() === '33,3')
      expect(await stat(page, 'withRating').textContent()).toBe('3')
      await screenshot(page, 'dashboard-nps.png')

      await page.getByRole('tab', { name: 'Atendentes' }).click()
      const rows = page.getByTestId('attendant-row')
      await rows.first().waitFor()
      expect(await rows.first().textContent()).toContain('Ana Atendente')
      expect(await rows.first().locator('svg[data-face="5"]').count()).toBe(1) // 9.5
      expect(await rows.filter({ hasText: 'Bruno Atendente' }).locator('svg[data-face="2"]').count()).toBe(1) // 3
      await screenshot(page, 'dashboard-attendants.png')
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar para Excel' }).click()])
      expect(download.suggestedFilename()).toBe('atendentes.xlsx')
      const book = XLSX.read(readFileSync((await download.path())!))
      const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]])
      expect(sheet.find((r) => r.Nome === 'Ana Atendente')).toMatchObject({ Avaliação: 9.5, Avaliações: 2, Atendimentos: 2, Status: 'Online' })
    } finally {
      await close()
    }
  }, 120_000)

  test('a user without showDashboard lands on /tickets and gets the 403 page on /', async () => {
    const { page, close } = await openBrowser({ width: 390, height: 844 })
    try {
      await loginAs(page, server.baseUrl, plain.email, plain.password)
      await page.waitForURL((u) => u.pathname === '/tickets', { timeout: 30_000 })
      await page.goto(`${server.baseUrl}/`)
      await page.getByText('Oops! Acesso Negado!').waitFor()
      expect(await page.getByTestId('dashboard-title').count()).toBe(0)
    } finally {
      await close()
    }
  }, 120_000)

  test('company 1 sees the sign-up link chip while allowSignup is enabled; other companies never', async () => {
    // A fresh token each time: the super user's browser login below ends earlier sessions.
    const put = async (value: string) => call(server.env, 'PUT', '/settings/allowSignup', { token: await superToken(server.env), json: { value } })
    expect((await put('enabled')).status).toBe(200)
    try {
      const other = await openBrowser({ width: 1366, height: 820 })
      try {
        await other.page.clock.install({ time: SEEDED_MONTH_DAY })
        await loginAs(other.page, server.baseUrl, company.adminEmail, 'admin-pass')
        await other.page.getByTestId('dashboard-title').waitFor()
        await until('the month counters', async () => (await stat(other.page, 'tickets').textContent()) === '5')
        expect(await other.page.getByTestId('signup-chip').count()).toBe(0)
      } finally {
        await other.close()
      }
      const { page, close } = await openBrowser({ width: 1366, height: 820 })
      try {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
        await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
        await page.getByTestId('dashboard-title').waitFor()
        const chip = page.getByTestId('signup-chip')
        await chip.waitFor()
        expect(await page.getByTestId('signup-chip-link').textContent()).toBe(`${server.baseUrl}/signup`)
        await chip.getByRole('button', { name: 'Copiar link' }).click()
        await chip.getByRole('button', { name: 'Link copiado' }).waitFor()
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}/signup`)
        for (const [width, height] of [[1366, 820], [390, 844]] as const) {
          await page.setViewportSize({ width, height })
          // Narrowing the window turns the side menu into a drawer that slides away: shoot once it has gone.
          if (width < 600) await page.locator('nav a[aria-current="page"]').waitFor({ state: 'hidden' })
          for (const theme of ['light', 'dark']) {
            await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark')
            await screenshot(page, `dashboard-signup-chip-${width}-${theme}.png`)
          }
        }
        await page.evaluate(() => document.documentElement.classList.toggle('dark', false))
        // Closing sign-up takes the chip away (the token for the call ended the browser's session: log in again).
        expect((await put('disabled')).status).toBe(200)
        await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
        await page.getByTestId('dashboard-title').waitFor()
        await page.waitForLoadState('networkidle')
        expect(await chip.count()).toBe(0)
      } finally {
        await close()
      }
    } finally {
      await put('disabled')
    }
  }, 240_000)
})
