import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { sweepDueSchedules } from '../workers/schedule-sweep.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { loginAs, openBrowser, screenshot, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * The schedules calendar end to end (spec part 2 §2 "Schedules calendar", part 1 §4, §5, §9): an admin opens
 * /schedules?contactId=X, the add dialog is there for that contact, a short text is refused with 'Mensagem
 * muito curta', a schedule one minute ahead is saved and shows in the agenda; the server's clock moves past
 * it, the sweep sends it to the simulator phone, and the calendar shows it sent, read-only.
 * Run after `vite build`: `bun test ./e2e/schedules.e2e.ts`.
 */
const TIMEOUT = 240_000
const FIRST_START_MS = 45_000
let server: Server
let workers: RunningWorkers
const phone: { body: string; to: string }[] = []

beforeAll(async () => {
  server = await startServer()
  workers = startWorkers(server.env.services, {
    log: () => {},
    simulator: { ackDelaysMs: [100, 200], onSend: (m: OutboundMessage) => void phone.push({ body: m.body, to: m.to.number ?? '' }) },
  })
}, 60_000)
afterAll(async () => {
  await workers?.stop()
  await server?.close()
})


const TEXT = 'Lembrete: sua consulta é amanhã às 10h'

describe('schedules calendar', () => {
  test('?contactId opens the add dialog for that contact; a schedule one minute ahead is saved, sent by the sweep and shown sent', async () => {
    // The server's test clock stands at the real time: the browser picks the send time on its own clock.
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { name: 'Simulador Agenda' })
    const contactId = await withSystem(server.env.services.db, async (tx) => {
      const [c] = await tx<{ id: number }[]>`
        insert into contacts (company_id, name, number, channel) values (${company.companyId}, 'Maria Agenda', '5511987650077', 'simulator') returning id`
      return c.id
    })
    const b = await openBrowser()
    try {
      const { page } = b
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })
      await page.getByRole('link', { name: 'Agendamentos' }).waitFor()
      await page.goto(`${server.baseUrl}/schedules?contactId=${contactId}`)

      // The add dialog opens on its own, with the contact chosen (read from the synced contacts).
      const modal = page.getByTestId('schedule-modal')
      await modal.waitFor({ timeout: FIRST_START_MS })
      await page.locator('#schedule-contact option', { hasText: 'Maria Agenda' }).waitFor({ state: 'attached', timeout: FIRST_START_MS })
      expect(await page.locator('#schedule-contact').inputValue()).toBe(String(contactId))
      expect(await page.locator('#schedule-enviar-quantas-vezes').inputValue()).toBe('1')

      // Spec part 1 §5: a body under 5 characters is refused before any call.
      await page.getByTestId('schedule-body').fill('oi')
      await page.getByTestId('schedule-save').click()
      expect(await page.getByTestId('schedule-body-error').textContent()).toBe('Mensagem muito curta')

      // One minute ahead on the browser's clock, on the simulator connection.
      const sendAt = await page.evaluate(() => {
        const d = new Date(Date.now() + 60_000)
        const p = (n: number) => String(n).padStart(2, '0')
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
      })
      await page.getByTestId('schedule-body').fill(TEXT)
      await page.locator('#schedule-send-at').fill(sendAt)
      await page.locator('#schedule-connection').selectOption(String(conn.id))
      await page.getByTestId('schedule-save').click()
      await modal.waitFor({ state: 'detached' })
      expect(new URL(page.url()).search).toBe('')
      const [stored] = await withSystem(server.env.services.db, (tx) =>
        tx<{ id: number; status: string; sendAt: Date; whatsappId: number }[]>`select id, status, send_at, whatsapp_id from schedules where contact_id = ${contactId}`,
      )
      expect(stored).toMatchObject({ status: 'PENDENTE', whatsappId: conn.id })
      expect(Math.abs(stored.sendAt.getTime() - (Date.now() + 60_000))).toBeLessThan(2 * 60_000)

      // The agenda lists it, pending.
      await page.getByRole('button', { name: 'Agenda', exact: true }).click()
      const event = page.getByTestId('schedule-event').filter({ hasText: 'Maria Agenda' })
      await event.waitFor()
      expect(await event.getAttribute('data-status')).toBe('PENDENTE')
      await screenshot(page, 'schedules-agenda-pending.png')

      // The server's clock passes the send time; the sweep sends it to the phone.
      server.env.clock.advance(3 * 60_000)
      await sweepDueSchedules(server.env.services.db, server.env.clock.now)
      await until('the schedule to reach the phone', () => phone.some((m) => m.body.includes(TEXT) && m.to === '5511987650077'))
      const [after] = await withSystem(server.env.services.db, (tx) => tx<{ status: string; sentAt: Date | null }[]>`select status, sent_at from schedules where id = ${stored.id}`)
      expect(after.status).toBe('ENVIADA')
      expect(after.sentAt).not.toBeNull()

      // The calendar shows it sent, and its modal has no submit (spec part 1 §4).
      await page.getByRole('button', { name: 'Atualizar', exact: true }).click()
      await until('the event to show sent', async () => (await event.getAttribute('data-status')) === 'ENVIADA')
      await event.click()
      await page.getByTestId('schedule-sent-notice').waitFor()
      expect(await page.getByTestId('schedule-save').count()).toBe(0)
      expect(await page.getByTestId('schedule-body').isDisabled()).toBe(true)
      await Bun.sleep(300) // the dialog's opening transition
      await screenshot(page, 'schedules-sent-modal.png')
    } finally {
      await b.close()
    }
  }, TIMEOUT)
})
