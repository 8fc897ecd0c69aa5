import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, screenshot, waitForLanding } from './support/harness.ts'

/**
 * The Connections page in Debian Chromium against the real server (spec part 2 §2 Connections page, §4
 * Connection status): an admin adds a connection, then the test plays the session worker by writing the
 * row's status and QR code, and the page follows live from the local database. Run after `vite build`:
 * `bun test ./e2e/connections.e2e.ts`.
 */
const TIMEOUT = 120_000
const server = fileServer()


/** What the session worker does when Baileys reports: the row's status and QR code change, nothing else. */
async function workerReports(whatsappId: number, status: string, qrcode: string) {
  await withSystem(server.env.services.db, (tx) => tx`update whatsapps set status = ${status}, qrcode = ${qrcode} where id = ${whatsappId}`)
}

describe('connections page', () => {
  test('an admin adds a connection, the QR dialog shows the code, and closes by itself once connected', async () => {
    const company = await createCompany(server.env)
    await withSystem(server.env.services.db, (tx) => tx`insert into queues (company_id, name, color) values (${company.companyId}, 'Importadas', '#0ea5e9')`)
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

      // Turning the import on for the connected connection warns that the phone must be linked again;
      // the save ends the session and starts a new one whose QR code the dialog waits for.
      await row.getByRole('button', { name: 'Editar Loja Centro' }).click()
      await page.locator('#connection-enableImportMessage').click()
      // The server's clock is the test clock (a week behind the browser's): the window ends the day before it.
      const serverDay = server.env.services.now().getTime()
      await page.locator('#connection-importOldMessages').fill(new Date(serverDay - 7 * 86_400_000).toISOString().slice(0, 10))
      await page.locator('#connection-importRecentMessages').fill(new Date(serverDay - 86_400_000).toISOString().slice(0, 10))
      await page.locator('#connection-queueIdImportMessages').selectOption({ label: 'Importadas' })
      await page.getByTestId('connection-relink-warning').waitFor()
      await screenshot(page, 'connections-relink-warning.png')
      await page.locator('button[type="submit"][form="connection-form"]').click()
      await page.getByText('Conexão salva com sucesso.').last().waitFor()
      await page.getByText('Aguardando o QR CODE...').waitFor()
      const actions = await withSystem(server.env.services.db, (tx) => tx<{ action: string }[]>`
        select payload->>'action' as action from jobs where queue = 'session' and payload->>'whatsappId' = ${String(saved.id)} order by id`)
      expect(actions.slice(-2).map((a) => a.action)).toEqual(['logout', 'start'])
      const [stored] = await withSystem(server.env.services.db, (tx) => tx<{ enableImportMessage: boolean }[]>`
        select enable_import_message from whatsapps where id = ${saved.id}`)
      expect(stored.enableImportMessage).toBe(true)
      await workerReports(saved.id, 'qrcode', 'balcao-e2e-qr-payload-456')
      await image.waitFor()
      // The phone links again: for 35 s after the link the import shows as preparing, then not.
      await withSystem(server.env.services.db, (tx) => tx`
        update whatsapps set status = 'CONNECTED', qrcode = '', status_import_messages = ${String(Date.now() - 32_000)} where id = ${saved.id}`)
      await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
      const preparing = row.getByTestId('import-preparing')
      await preparing.waitFor({ timeout: 30_000 })
      expect(await preparing.isDisabled()).toBe(true)
      expect(await preparing.textContent()).toBe('Preparando…')
      await screenshot(page, 'connections-import-preparing.png')
      await preparing.waitFor({ state: 'detached', timeout: 10_000 })

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

  test('events the pipeline set aside show on their connection, with why, to the admin', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { channel: 'whatsapp', status: 'CONNECTED', name: 'Loja Norte' })
    await withSystem(server.env.services.db, (tx) => tx`
      insert into channel_event_failures (company_id, whatsapp_id, kind, external_id, event, error, attempts) values
        (${company.companyId}, ${conn.id}, 'message', '3EB0ABC', ${tx.json({ kind: 'message' })}, 'invalid byte sequence for encoding "UTF8": 0x00', 6),
        (${company.companyId}, ${conn.id}, 'ack', '3EB0DEF', ${tx.json({ kind: 'ack' })}, 'deadlock detected', 6)`)
    const browser = await openBrowser()
    try {
      await loginAs(browser.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(browser.page)
      await browser.page.goto(`${server.baseUrl}/connections`)
      const open = browser.page.getByTestId('connection-row').filter({ hasText: 'Loja Norte' }).getByTestId('failed-events-open')
      await open.waitFor({ timeout: 30_000 })
      expect(await open.textContent()).toBe('2 eventos com falha')
      await screenshot(browser.page, 'connections-failed-button.png')
      await open.click()
      const list = browser.page.getByTestId('failed-events')
      await list.waitFor()
      expect(await list.locator('li').count()).toBe(2)
      await list.getByText('invalid byte sequence for encoding "UTF8": 0x00').waitFor()
      await list.getByText('Confirmação de entrega').waitFor()
      await list.getByText('6 tentativas · id no canal 3EB0ABC').waitFor()
      await screenshot(browser.page, 'connections-failed-events.png')
    } finally {
      await browser.close()
    }
  }, TIMEOUT)
})
