import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createUser } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * The Quick messages page end to end in Chromium against the real server: an admin creates a general
 * quick message (and a duplicate shortcode shows the server's error on the row), then a plain user sees
 * it read-only on /quick-messages and adds a personal one offline that syncs when the network returns.
 * Run after `vite build`: `bun test ./e2e/quick-messages.e2e.ts`.
 */
const TIMEOUT = 240_000
const FIRST_START_MS = 45_000
const server = fileServer()



/** A row by its shortcode, case-sensitively ('/OLA' is not '/ola'). */
const row = (page: Page, shortcode: string) =>
  page.getByTestId('quick-message-row').filter({ hasText: new RegExp(`${shortcode.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}`) })

function serverQuickMessages(companyId: number) {
  return withSystem(server.env.services.db, (tx) =>
    tx<{ shortcode: string; geral: boolean; userId: number }[]>`select shortcode, geral, user_id from quick_messages where company_id = ${companyId} order by id`,
  )
}

/** Logs in and opens /quick-messages from the side menu, once the first sync is done. */
async function openQuickMessages(page: Page, email: string, password: string) {
  await loginAs(page, server.baseUrl, email, password)
  await waitForLanding(page)
  await waitForServiceWorker(page)
  await page.getByRole('link', { name: 'Respostas rápidas' }).click()
  await page.waitForURL(`${server.baseUrl}/quick-messages`)
  await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })
}

async function addQuickMessage(page: Page, shortcode: string, message: string, general = false) {
  await page.getByRole('button', { name: 'Adicionar resposta rápida' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('#quick-message-shortcode').fill(shortcode)
  await dialog.locator('#quick-message-message').fill(message)
  if (general) await dialog.getByRole('switch', { name: 'Geral (disponível para todos)' }).click()
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
}

describe('quick messages page', () => {
  test('an admin adds a general one; a user sees it read-only and adds a personal one offline', async () => {
    const company = await createCompany(server.env)
    const ana = await createUser(server.env, company.companyId, { name: 'Ana Atendente' })

    const admin = await openBrowser()
    try {
      await openQuickMessages(admin.page, company.adminEmail, 'admin-pass')
      await admin.page.getByText('Nenhuma resposta rápida encontrada.').waitFor()

      // The shortcode is required, with the spec's message.
      await admin.page.getByRole('button', { name: 'Adicionar resposta rápida' }).click()
      const dialog = admin.page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
      await dialog.getByText('Obrigatório').waitFor()
      await dialog.getByRole('button', { name: 'Cancelar' }).click()
      await dialog.waitFor({ state: 'detached' })

      await addQuickMessage(admin.page, 'ola', 'Olá! Como posso ajudar?', true)
      await row(admin.page, '/ola').and(admin.page.locator('[data-pending="false"]')).waitFor({ timeout: 30_000 })
      expect(await row(admin.page, '/ola').getByTestId('quick-message-kind').textContent()).toBe('Geral')

      // A second general one with the same shortcode (any case): the dialog stays open with the server's
      // reason under the shortcode, and no refused row is left behind (issue 17: no success for a refusal).
      await admin.page.getByRole('button', { name: 'Adicionar resposta rápida' }).click()
      await dialog.locator('#quick-message-shortcode').fill('OLA')
      await dialog.locator('#quick-message-message').fill('de novo')
      await dialog.getByRole('switch', { name: 'Geral (disponível para todos)' }).click()
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
      await dialog.locator('#quick-message-shortcode-error').filter({ hasText: 'Já existe uma resposta rápida com este atalho.' }).waitFor({ timeout: 30_000 })
      await until('no refused row', async () => (await row(admin.page, '/OLA').count()) === 0)
      await screenshot(admin.page, 'quick-messages-duplicate.png')
      await dialog.getByRole('button', { name: 'Cancelar' }).click()
      await dialog.waitFor({ state: 'detached' })
    } finally {
      await admin.close()
    }

    const user = await openBrowser()
    try {
      const { page, context } = user
      await openQuickMessages(page, ana.email, ana.password)
      await row(page, '/ola').waitFor({ timeout: FIRST_START_MS })

      // The general message is read-only for a user: no edit or delete, the dialog's fields are disabled.
      expect(await row(page, '/ola').getByRole('button', { name: 'Editar /ola' }).count()).toBe(0)
      await row(page, '/ola').getByRole('button', { name: 'Ver /ola' }).click()
      const view = page.getByRole('dialog')
      await view.getByText('Somente leitura').waitFor()
      expect(await view.locator('#quick-message-shortcode').isDisabled()).toBe(true)
      expect(await view.getByRole('button', { name: 'Salvar' }).count()).toBe(0)
      await view.getByRole('button', { name: 'Fechar' }).first().click()
      await view.waitFor({ state: 'detached' })

      // Offline: attachments say they need a connection; the personal message shows at once, pending.
      await context.setOffline(true)
      await page.getByRole('button', { name: 'Adicionar resposta rápida' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByTestId('quick-message-attachment-offline').waitFor()
      expect(await dialog.getByRole('button', { name: 'Anexar arquivo' }).isDisabled()).toBe(true)
      expect(await dialog.getByRole('switch', { name: 'Geral (disponível para todos)' }).count()).toBe(0)
      await dialog.locator('#quick-message-shortcode').fill('prazo')
      await dialog.locator('#quick-message-message').fill('Entregamos em até 3 dias úteis.')
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
      await dialog.waitFor({ state: 'detached' })
      await row(page, '/prazo').getByTestId('pending-marker').waitFor()
      expect(await row(page, '/prazo').getByTestId('quick-message-kind').textContent()).toBe('Pessoal')
      await screenshot(page, 'quick-messages-pending.png')

      await context.setOffline(false)
      await row(page, '/prazo').and(page.locator('[data-pending="false"]')).waitFor({ timeout: 30_000 })
      await row(page, '/prazo').getByRole('button', { name: 'Editar /prazo' }).waitFor()
      const stored = await until('the personal message on the server', async () => {
        const rows = await serverQuickMessages(company.companyId)
        return rows.some((r) => r.shortcode === 'prazo') ? rows : null
      })
      expect(stored!.map((r) => [r.shortcode, r.geral, r.userId])).toEqual([['ola', true, company.adminId], ['prazo', false, ana.id]])

      // Search by shortcode or text.
      await page.locator('#quick-messages-search').fill('úteis')
      await until('the search to narrow the list', async () => (await page.getByTestId('quick-message-row').count()) === 1)
      expect(await page.getByTestId('quick-message-row').textContent()).toContain('/prazo')
    } finally {
      await user.close()
    }
  }, TIMEOUT)
})
