import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { loadCampaign } from '../server/domain/campaigns/campaign-view.ts'
import { createUser } from '../test/factories.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, fileServer, loginAs, openBrowser, screenshot, until, waitForLanding } from './support/harness.ts'

/**
 * The campaign screens (issue 20, client part): the list, the dialog, the report and
 * their live updates, with light and dark screenshots at 1366×820 and 390×844. Run after `vite build`.
 */
const server = fileServer()

const campaignRow = (page: Page, name: string) => page.getByTestId('campaign-row').filter({ hasText: name })
const rowIn = (page: Page, name: string, status: string) => page.locator(`[data-testid="campaign-row"][data-status="${status}"]`).filter({ hasText: name })

async function shoot(page: Page, name: string) {
  await screenshot(page, `${name}-light.png`)
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  // Buttons fade their colours (transition): let them settle before the picture.
  await page.waitForTimeout(300)
  await screenshot(page, `${name}-dark.png`)
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.waitForTimeout(300)
}

async function seed() {
  const db = server.env.services.db
  return withSystem(db, async (tx) => {
    await tx`update plans set use_campaigns = true where id = (select plan_id from companies where id = 1)`
    await tx`update company_settings set campaigns_enabled = true where company_id = 1`
    const [w] = await tx<{ id: number; name: string }[]>`select id, name from whatsapps where company_id = 1 order by id limit 1`
    const [list] = await tx<{ id: number }[]>`insert into contact_lists (company_id, name) values (1, 'Clientes VIP') returning id`
    for (let i = 0; i < 4; i++) {
      await tx`insert into contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid)
               values (1, ${list.id}, ${`Cliente ${i}`}, ${`551198888000${i}`}, true)`
    }
    await tx`insert into queues (company_id, name, color) values (1, 'Suporte', '#2563eb')`
    await tx`insert into users (company_id, name, email, password_hash, profile) values (1, 'Mariana Souza', 'mariana@test.local', 'x', 'user')`
    await tx`insert into campaign_settings (company_id, key, value) values (1, 'variables', '[{"key":"empresa","value":"Balcão"}]')
             on conflict (company_id, key) do update set value = excluded.value`
    const running = await insertCampaign(tx, { name: 'Promoção de Natal em andamento', status: 'EM_ANDAMENTO', w: w.id, list: list.id, confirmation: true, scheduled: '2026-11-27T13:00:00Z' })
    await insertCampaign(tx, { name: 'Aviso cancelado', status: 'CANCELADA', w: w.id, list: list.id, confirmation: false, scheduled: '2026-11-26T09:30:00Z' })
    const done = await insertCampaign(tx, { name: 'Pesquisa finalizada', status: 'FINALIZADA', w: w.id, list: list.id, confirmation: false, scheduled: '2026-11-25T09:00:00Z', completed: '2026-11-25T11:45:00Z' })
    for (let i = 0; i < 4; i++) {
      await tx`insert into campaign_shipping (company_id, campaign_id, number, delivered_at, confirmation_requested_at, confirmed_at)
               values (1, ${running}, ${`551198888000${i}`}, ${i < 3 ? new Date() : null}, ${i < 2 ? new Date() : null}, ${i < 1 ? new Date() : null})`
      await tx`insert into campaign_shipping (company_id, campaign_id, number, delivered_at) values (1, ${done}, ${`551198888000${i}`}, now())`
    }
    return { whatsapp: w, listId: list.id, running, done }
  })
}

async function insertCampaign(tx: Parameters<Parameters<typeof withSystem>[1]>[0], c: { name: string; status: string; w: number; list: number; confirmation: boolean; scheduled: string; completed?: string }) {
  const [row] = await tx<{ id: number }[]>`
    insert into campaigns (company_id, name, message1, status, confirmation, scheduled_at, completed_at, contact_list_id, whatsapp_id)
    values (1, ${c.name}, 'Olá {nome}!', ${c.status}, ${c.confirmation}, ${c.scheduled}, ${c.completed ?? null}, ${c.list}, ${c.w}) returning id`
  return row.id
}

describe('campaign screens', () => {
  test('list, dialog and report, live, in both sizes and themes', async () => {
    server.env.clock.now = new Date()
    const seeded = await seed()
    const b = await openBrowser({ width: 1366, height: 820 })
    const page = b.page
    try {
      await b.context.addInitScript(() => localStorage.setItem('cshow', '1'))
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)
      await page.getByRole('link', { name: 'Campanhas', exact: true }).click()
      await page.waitForURL(`${server.baseUrl}/campaigns`)
      await campaignRow(page, 'Pesquisa finalizada').waitFor({ timeout: 30_000 })
      await shoot(page, 'campaigns-list-1366')

      // The dialog: client-side rules first, then a save.
      await page.getByTestId('campaign-add').click()
      await page.locator('#campaign-name').fill('C')
      await page.locator('#campaign-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('#campaign-name-error').waitFor()
      await shoot(page, 'campaign-dialog-errors-1366')
      await page.locator('#campaign-name').fill('Black Friday VIP')
      await page.locator('#campaign-whatsapp').selectOption({ label: seeded.whatsapp.name })
      await page.locator('#campaign-contact-list').selectOption({ label: 'Clientes VIP' })
      await page.locator('#campaign-open-ticket').selectOption('enabled')
      await page.locator('#campaign-user').fill('Ma')
      await page.getByText('Digite ao menos 3 caracteres para buscar.').waitFor()
      await page.locator('#campaign-user').fill('Mari')
      await page.getByRole('option', { name: 'Mariana Souza' }).click()
      await page.getByTestId('campaign-message1').fill('Olá {nome}, aproveite a Black Friday!')
      await page.locator('#campaign-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('#campaign-queue-error').waitFor()
      await page.locator('#campaign-queue').selectOption({ label: 'Suporte' })
      await page.locator('#campaign-queue-error').waitFor({ state: 'detached' })
      await page.getByRole('switch', { name: 'Confirmação' }).click()
      await page.getByTestId('campaign-confirmationMessage1').fill('Responda SIM para confirmar.')
      await page.getByTestId('campaign-message-tab-2').click()
      await page.getByTestId('campaign-message2').fill('Oi {nome}! Ofertas da {empresa}.')
      await page.getByText('Variáveis personalizadas desta empresa: {empresa}.').first().waitFor()
      await page.getByTestId('campaign-media-input').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') })
      await page.getByTestId('campaign-media-name').filter({ hasText: 'promo.png' }).waitFor()
      await shoot(page, 'campaign-dialog-1366')
      await page.locator('#campaign-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('[data-toast="success"]').filter({ hasText: 'Campanha salva com sucesso!' }).waitFor({ timeout: 20_000 })
      const created = campaignRow(page, 'Black Friday VIP')
      await created.waitFor()
      expect(await created.getByTestId('campaign-status').textContent()).toBe('Inativa')
      const stored = await withSystem(server.env.services.db, (tx) => tx<{ qid: number; uid: number; confirmation: boolean; status: string }[]>`
        select queue_id as qid, user_id as uid, confirmation, status from campaigns where name = 'Black Friday VIP'`)
      expect(stored[0]).toMatchObject({ confirmation: true, status: 'INATIVA' })
      expect(stored[0].qid).toBeGreaterThan(0)
      expect(stored[0].uid).toBeGreaterThan(0)
      await until('the file uploaded after the save', async () => {
        const [m] = await withSystem(server.env.services.db, (tx) => tx<{ name: string | null }[]>`select media_name as name from campaigns where name = 'Black Friday VIP'`)
        return m?.name === 'promo.png'
      })

      // Live: another admin cancels the running campaign; this list follows without a reload.
      const { token } = await createUser(server.env, 1, { profile: 'admin' })
      const res = await fetch(`${server.baseUrl}/campaigns/${seeded.running}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      expect(res.status).toBe(200)
      await rowIn(page, 'Promoção de Natal', 'CANCELADA').waitFor({ timeout: 20_000 })
      // Restart from the row; a second restart is refused by the server, shown as a toast.
      await campaignRow(page, 'Promoção de Natal').getByTestId('campaign-restart').click()
      await rowIn(page, 'Promoção de Natal', 'EM_ANDAMENTO').waitFor({ timeout: 20_000 })
      await fetch(`${server.baseUrl}/campaigns/${seeded.running}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      const stale = await fetch(`${server.baseUrl}/campaigns/${seeded.running}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      expect(stale.status).toBe(409)
      await fetch(`${server.baseUrl}/campaigns/${seeded.running}/restart`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      await rowIn(page, 'Promoção de Natal', 'EM_ANDAMENTO').waitFor({ timeout: 20_000 })

      // A finished campaign opens read-only.
      await campaignRow(page, 'Pesquisa finalizada').getByTestId('campaign-edit').click()
      await page.getByTestId('campaign-read-only').waitFor()
      expect(await page.getByTestId('campaign-save').count()).toBe(0)
      await shoot(page, 'campaign-dialog-readonly-1366')
      await page.getByRole('button', { name: 'Fechar' }).last().click()

      // The report, live; a FINALIZADA event reads it again 5 s later.
      await campaignRow(page, 'Promoção de Natal').getByTestId('campaign-report').click()
      await page.waitForURL(`${server.baseUrl}/campaign/${seeded.running}/report`)
      await page.getByTestId('campaign-report-name').filter({ hasText: 'Promoção de Natal' }).waitFor({ timeout: 20_000 })
      expect(await page.getByTestId('campaign-count-valid').getByTestId('count').textContent()).toBe('4')
      expect(await page.getByTestId('campaign-count-delivered').getByTestId('count').textContent()).toBe('3')
      await shoot(page, 'campaign-report-1366')
      await withSystem(server.env.services.db, (tx) => tx`update campaigns set status = 'FINALIZADA', completed_at = now() where id = ${seeded.running}`)
      const record = await withSystem(server.env.services.db, (tx) => loadCampaign(tx, 1, seeded.running))
      server.env.services.events.publish([{ type: 'campaign', companyId: 1, payload: { action: 'update', record } }])
      await page.getByTestId('campaign-report-status').filter({ hasText: 'Finalizada' }).waitFor({ timeout: 20_000 })
      await withSystem(server.env.services.db, (tx) => tx`update campaign_shipping set delivered_at = now() where campaign_id = ${seeded.running}`)
      await until('the report read again after FINALIZADA', async () => (await page.getByTestId('campaign-count-delivered').getByTestId('count').textContent()) === '4', 15_000)
      await shoot(page, 'campaign-report-finished-1366')

      // Phone size.
      await page.setViewportSize({ width: 390, height: 844 })
      await shoot(page, 'campaign-report-390')
      await page.goto(`${server.baseUrl}/campaigns`)
      await campaignRow(page, 'Black Friday VIP').waitFor({ timeout: 30_000 })
      await shoot(page, 'campaigns-list-390')
      await campaignRow(page, 'Black Friday VIP').getByTestId('campaign-edit').click()
      await page.getByTestId('campaign-dialog').waitFor()
      // The choices come from the browser's database: the stored connection and user show once it has them.
      await until('the stored connection chosen', async () => (await page.locator('#campaign-whatsapp').inputValue()) === String(seeded.whatsapp.id))
      await until('the stored user shown', async () => (await page.locator('#campaign-user').inputValue()) === 'Mariana Souza')
      await shoot(page, 'campaign-dialog-390')
      await page.getByTestId('campaign-message-tabs').scrollIntoViewIfNeeded()
      await shoot(page, 'campaign-dialog-390-messages')
      await page.getByRole('button', { name: 'Cancelar' }).click()

      // Delete with its confirmation.
      await campaignRow(page, 'Black Friday VIP').getByTestId('campaign-delete').click()
      await page.getByText('Deseja realmente excluir a campanha "Black Friday VIP"?').waitFor()
      await shoot(page, 'campaign-delete-390')
      await page.getByRole('button', { name: 'Excluir' }).click()
      await campaignRow(page, 'Black Friday VIP').waitFor({ state: 'detached', timeout: 20_000 })
    } catch (err) {
      await screenshot(page, 'campaigns-ui-failure.png').catch(() => {})
      throw err
    } finally {
      await b.close()
    }
  }, 240_000)
})
