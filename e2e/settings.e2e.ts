import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/** The settings page's options tab (issue 6): a switch saves through the outbox and reaches the server. Run after `vite build`. */
const server = fileServer()


describe('settings options', () => {
  test('an admin turns askFarewellMessage on and scheduleType to queue; both reach the server', async () => {
    const company = await createCompany(server.env)
    const b = await openBrowser()
    try {
      await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(b.page)
      await waitForServiceWorker(b.page)
      await b.page.goto(`${server.baseUrl}/settings`)
      const farewell = b.page.getByRole('switch', { name: 'Perguntar pela mensagem de despedida ao fechar' })
      await farewell.waitFor({ timeout: 45_000 })
      expect(await farewell.getAttribute('aria-checked')).toBe('false')
      await farewell.click()
      await b.page.getByLabel('Gerenciamento de expediente').selectOption('queue')
      await until('the settings to reach the server', async () => {
        const [row] = await withSystem(server.env.services.db, (tx) => tx<{ askFarewellMessage: string; scheduleType: string }[]>`
          select ask_farewell_message, schedule_type from company_settings where company_id = ${company.companyId}`)
        return row?.askFarewellMessage === 'enabled' && row.scheduleType === 'queue'
      })
      // The switch showed 'true' from the click (optimistic row); once the server holds both, the page
      // must settle on them. Read until it does: a lost change keeps it 'false' and fails here.
      const shown = await until('the page to show the saved switch', async () => (await farewell.getAttribute('aria-checked')) === 'true', 15_000)
      expect(shown).toBe(true)
      const select = b.page.getByLabel('Gerenciamento de expediente')
      const settled = await until('the page to show the saved schedule type', async () => (await select.inputValue()) === 'queue', 15_000)
      expect(settled).toBe(true)
    } finally {
      await b.close()
    }
  }, 120_000)

  test('with scheduleType company the Horários tab edits the company hours; the save reaches the server', async () => {
    const company = await createCompany(server.env)
    const b = await openBrowser()
    try {
      await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(b.page)
      await b.page.goto(`${server.baseUrl}/settings`)
      const schedule = b.page.getByLabel('Gerenciamento de expediente')
      await schedule.waitFor({ timeout: 45_000 })
      expect(await b.page.getByRole('tab', { name: 'Horários' }).count()).toBe(0)
      await schedule.selectOption('company')
      await b.page.getByRole('tab', { name: 'Horários' }).click()
      await b.page.locator('#company-sunday-endTimeB').waitFor()
      expect(await b.page.getByTestId('company-hours-day').count()).toBe(7)
      const save = b.page.getByRole('button', { name: 'Salvar' })
      expect(await save.isDisabled()).toBe(true)
      await b.page.locator('#company-monday-startTimeA').fill('09:30')
      await b.page.locator('#company-monday-endTimeA').fill('12:30')
      await save.click()
      await until('the hours to reach the server', async () => {
        const [row] = await withSystem(server.env.services.db, (tx) => tx<{ schedules: { weekdayEn: string; startTimeA: string; endTimeA: string }[] }[]>`
          select schedules from companies where id = ${company.companyId}`)
        const monday = row?.schedules?.find((d) => d.weekdayEn === 'monday')
        return monday?.startTimeA === '09:30' && monday.endTimeA === '12:30' && row.schedules.length === 7
      })
      expect(await b.page.locator('#company-monday-startTimeA').inputValue()).toBe('09:30')
    } finally {
      await b.close()
    }
  }, 120_000)
})
