import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany } from '../test/factories.ts'
import { loginAs, openBrowser, screenshot, startServer, type Server, waitForLanding } from './support/harness.ts'

/**
 * The Connections page in Debian Chromium against the real server (spec part 2 §2 Connections page, §4
 * Connection status): an admin adds a connection, then the test plays the session worker by writing the
 * row's status and QR code, and the page follows live from the local database. Run after `vite build`:
 * `bun test ./e2e/connections.e2e.ts`.
 */
const TIMEOUT = 120_000
let server: Server

beforeAll(async () => {
  server = await startServer()
}, 60_000)
afterAll(async () => {
  await server?.close()
})

/** What the session worker does when Baileys reports: the row's status and QR code change, nothing else. */
async function workerReports(whatsappId: number, status: string, qrcode: string) {
  await withSystem(server.env.services.db, (tx) => tx`update whatsapps set status = ${status}, qrcode = ${qrcode} where id = ${whatsappId}`)
}

describe('connections page', () => {
  test('an admin adds a connection, the QR dialog shows the code, and closes by itself once connected', async () => {
    const company = await createCompany(server.env)
    const browser = await openBrowser()
    const { page } = browser
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.getByRole('link', { name: 'Conexões' }).click()
      await page.waitForURL(`${server.baseUrl}/connections`)
      await page.getByText('Nenhuma conexão cadastrada.').waitFor({ timeout: 30_000 })

      await page.getByRole('button', { name: 'Adicionar conexão' }).click()
      await page.getByRole('menuitem', { name: 'WhatsApp' }).click()
      await page.locator('#connection-name').fill('Loja Centro')
      await page.locator('button[type="submit"][form="connection-form"]').click()
      await page.getByText('Conexão salva com sucesso.').waitFor()

      const row = page.getByTestId('connection-row').filter({ hasText: 'Loja Centro' })
      await row.waitFor({ timeout: 30_000 })
      expect(await row.getByTestId('connection-status').textContent()).toBe('Desconectado')
      // A disconnected connection puts the warning badge on the menu entry (spec part 1 §2).
      await page.getByTestId('menu-badge-connections').waitFor({ timeout: 30_000 })
      expect(await row.getByRole('button', { name: 'Tentar novamente', exact: true }).count()).toBe(1)
      expect(await row.getByTestId('connection-default').count()).toBe(1) // the first connection is the default
      const [saved] = await withSystem(server.env.services.db, (tx) => tx<{ id: number }[]>`
        select id from whatsapps where company_id = ${company.companyId} and name = 'Loja Centro'`)
      expect(saved).toBeDefined()

      // Gone if the page reloads: the statuses below must arrive live.
      await page.evaluate(() => ((window as unknown as { noReload?: boolean }).noReload = true))
      await workerReports(saved.id, 'qrcode', 'balcao-e2e-qr-payload-123')
      const qrButton = row.getByRole('button', { name: 'QR CODE', exact: true })
      await qrButton.waitFor({ timeout: 30_000 })
      await qrButton.click()
      const image = page.getByTestId('connection-qr-image')
      await image.waitFor()
      expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
      await screenshot(page, 'connections-qr.png')

      await workerReports(saved.id, 'CONNECTED', '')
      await image.waitFor({ state: 'detached', timeout: 30_000 })
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await page.locator('[data-testid="connection-row"][data-status="CONNECTED"]').filter({ hasText: 'Loja Centro' }).waitFor()
      expect(await row.getByTestId('connection-status').textContent()).toBe('Conectado')
      expect(await row.getByRole('button', { name: 'Desconectar', exact: true }).count()).toBe(1)
      await page.getByTestId('menu-badge-connections').waitFor({ state: 'detached', timeout: 30_000 })
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true)
      await screenshot(page, 'connections-connected.png')

      // A history import reports its progress live; its end removes the card.
      const importing = (payload: Record<string, unknown>) =>
        server.env.services.events.publish([{ type: 'importMessages', companyId: company.companyId, payload }])
      importing({ action: 'update', status: { this: 1, all: 4, date: null } })
      const card = page.getByTestId('import-progress')
      await card.getByText('1 de 4 (25%)').waitFor({ timeout: 30_000 })
      importing({ action: 'refresh' })
      await card.waitFor({ state: 'detached', timeout: 30_000 })
    } finally {
      await browser.close()
    }
  }, TIMEOUT)
})
