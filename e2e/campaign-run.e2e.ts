import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import { withSystem } from '../server/db/tenant.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, fileServer, loginAs, openBrowser, screenshot, until, waitForLanding } from './support/harness.ts'

/**
 * Issue 20 done-when: an admin imports a contact list from an .xlsx, creates a campaign for now and
 * watches its report reach 100% while the simulator's contacts receive their messages (the workers run
 * in this process, as `npm start` runs them). Run after `vite build`.
 */
const server = fileServer()
let workers: RunningWorkers
const phone: { to: string; body: string }[] = []

beforeAll(() => {
  workers = startWorkers(server.env.services, { log: () => {}, simulator: { ackDelaysMs: [], onSend: (m: OutboundMessage) => void phone.push({ to: m.to.number ?? '', body: m.kind === 'media' ? `[${m.media?.fileName}]` : m.body }) } })
})
afterAll(async () => {
  await workers?.stop()
})

function xlsx(rows: unknown[][]): Buffer {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Contatos')
  return Buffer.from(write(book, { type: 'array', bookType: 'xlsx' }))
}

describe('a campaign from spreadsheet to report', () => {
  test('list imported from .xlsx, campaign for now with a file, report at 100% while the contacts receive both', async () => {
    const db = server.env.services.db
    // The workers run on the test clock: it reads today while this test runs.
    server.env.clock.now = new Date()
    const connection = await withSystem(db, async (tx) => {
      await tx`update plans set use_campaigns = true where id = (select plan_id from companies where id = 1)`
      await tx`update company_settings set campaigns_enabled = true where company_id = 1`
      for (const [key, value] of Object.entries({ messageInterval: '0', longerIntervalAfter: '0', greaterInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' })) {
        await tx`insert into campaign_settings (company_id, key, value) values (1, ${key}, ${value}) on conflict (company_id, key) do update set value = excluded.value`
      }
      const [w] = await tx<{ name: string }[]>`select name from whatsapps where company_id = 1 and channel = 'simulator' order by id limit 1`
      return w.name
    })
    const b = await openBrowser({ width: 1366, height: 820 })
    const page = b.page
    try {
      await b.context.addInitScript(() => localStorage.setItem('cshow', '1'))
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)

      await page.getByRole('link', { name: 'Listas de contatos' }).click()
      await page.getByTestId('contact-lists-add').click()
      await page.locator('#contact-list-name').fill('Black Friday')
      await page.locator('#contact-list-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      const listRow = page.getByTestId('contact-list-row').filter({ hasText: 'Black Friday' })
      await listRow.waitFor({ timeout: 20_000 })
      await listRow.getByRole('button', { name: 'Abrir contatos de Black Friday' }).click()
      await page.getByTestId('contact-list-items-title').filter({ hasText: 'Contatos: Black Friday' }).waitFor({ timeout: 20_000 })
      const file = xlsx([['Nome', 'Número', 'Email'], ['Ana Souza', '5511987650001', 'ana@exemplo.com'], ['Bruno Lima', '5521988887777', ''], ['Carla Dias', 5531977776666, 'carla@exemplo.com']])
      await page.getByTestId('contact-list-items-file').setInputFiles({ name: 'black-friday.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
      await until('three items on the page', async () => (await page.getByTestId('contact-list-item-row').count()) === 3, 20_000)

      await page.getByRole('link', { name: 'Campanhas', exact: true }).click()
      await page.getByTestId('campaign-add').click()
      await page.locator('#campaign-name').fill('Black Friday 2026')
      await page.locator('#campaign-whatsapp').selectOption({ label: connection })
      await page.locator('#campaign-contact-list').selectOption({ label: 'Black Friday' })
      // The test clock's minute as this browser's datetime-local input reads it.
      const now = await page.evaluate((iso) => {
        const d = new Date(iso)
        const p = (n: number) => String(n).padStart(2, '0')
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
      }, server.env.clock.now.toISOString())
      await page.locator('#campaign-scheduled-at').fill(now)
      await page.getByTestId('campaign-message1').fill('Olá {nome}, a Black Friday começou!')
      // A file with a campaign for now: it must go out with it (saved unscheduled, file, then the time).
      await page.getByTestId('campaign-media-input').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') })
      await page.locator('#campaign-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('[data-toast="success"]').filter({ hasText: 'Campanha salva com sucesso!' }).waitFor({ timeout: 20_000 })

      const row = page.getByTestId('campaign-row').filter({ hasText: 'Black Friday 2026' })
      await row.getByTestId('campaign-report').click()
      await page.getByTestId('campaign-report-name').filter({ hasText: 'Black Friday 2026' }).waitFor({ timeout: 20_000 })
      // Live: the worker starts it, the simulator takes the sends, the report follows to the end.
      await page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }).waitFor({ timeout: 60_000 })
      await until('every send counted', async () => (await page.getByTestId('campaign-count-delivered').getByTestId('count').textContent()) === '3', 20_000)
      expect(await page.getByTestId('campaign-count-valid').getByTestId('count').textContent()).toBe('3')
      expect(await page.getByTestId('campaign-bar-delivered').textContent()).toContain('100%')
      await screenshot(page, 'campaign-run-report-1366.png')
      expect(phone.map((m) => `${m.to}: ${m.body}`)).toEqual(expect.arrayContaining([
        '5511987650001: Olá Ana Souza, a Black Friday começou!',
        '5521988887777: Olá Bruno Lima, a Black Friday começou!',
        '5531977776666: Olá Carla Dias, a Black Friday começou!',
      ]))
      // Each contact got the text, then the file.
      for (const n of ['5511987650001', '5521988887777', '5531977776666']) {
        expect(phone.filter((m) => m.to === n).map((m) => m.body)).toEqual([expect.stringContaining('Black Friday'), '[oferta.png]'])
      }
    } finally {
      await b.close()
    }
  }, 180_000)
})
