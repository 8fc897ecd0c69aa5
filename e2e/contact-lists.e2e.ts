import { describe, expect, test } from 'bun:test'
import { utils, write } from '@e965/xlsx'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, fileServer, loginAs, openBrowser, screenshot, until, waitForLanding } from './support/harness.ts'

/**
 * Contact lists (issue 20): with the cshow flag, an admin of company 1 (plan useCampaigns, the company's
 * campaignsEnabled switch on) creates a list, adds a person after the server refuses a 3-digit number,
 * imports a spreadsheet with a bad row, and sees every item with its WhatsApp validity (company 1's only
 * connection is the simulator, so all are valid). Run after `vite build`.
 */
const server = fileServer()

function xlsx(rows: unknown[][]): Buffer {
  const book = utils.book_new()
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Contatos')
  return Buffer.from(write(book, { type: 'array', bookType: 'xlsx' }))
}

const itemRow = (page: Page, name: string) => page.getByTestId('contact-list-item-row').filter({ hasText: name })

/** Light and dark screenshots of what is on screen. */
async function shoot(page: Page, name: string) {
  await screenshot(page, `${name}-light.png`)
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  // Buttons fade their colours (transition): let them settle before the picture.
  await page.waitForTimeout(400)
  await screenshot(page, `${name}-dark.png`)
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.waitForTimeout(400)
}

describe('contact lists', () => {
  test('an admin creates a list, adds a contact, imports a spreadsheet and sees the validity of each', async () => {
    const db = server.env.services.db
    await withSystem(db, async (tx) => {
      await tx`update plans set use_campaigns = true where id = (select plan_id from companies where id = 1)`
      await tx`update company_settings set campaigns_enabled = true where company_id = 1`
    })
    const b = await openBrowser({ width: 1366, height: 820 })
    const page = b.page
    try {
      // The campaign routes exist only with the browser's cshow flag (spec part 2 §2).
      await b.context.addInitScript(() => localStorage.setItem('cshow', '1'))
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)
      await page.getByRole('link', { name: 'Listas de contatos' }).click()
      await page.waitForURL(`${server.baseUrl}/contact-lists`)
      await page.getByTestId('contact-lists-empty').filter({ hasText: 'Nenhuma lista de contatos cadastrada.' }).waitFor({ timeout: 20_000 })

      // A new list.
      await page.getByTestId('contact-lists-add').click()
      await page.locator('#contact-list-name').fill('Clientes VIP')
      await page.locator('#contact-list-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('[data-toast="success"]').filter({ hasText: 'Lista de contatos salva com sucesso!' }).waitFor({ timeout: 20_000 })
      const listRow = page.getByTestId('contact-list-row').filter({ hasText: 'Clientes VIP' })
      await listRow.waitFor()
      expect(await listRow.getByTestId('contact-list-count').textContent()).toBe('0')

      // Its contacts: the server refuses a 3-digit number under the field, then takes a real one.
      await listRow.getByRole('button', { name: 'Abrir contatos de Clientes VIP' }).click()
      await page.waitForURL(/\/contact-lists\/\d+\/contacts$/)
      const listId = Number(/contact-lists\/(\d+)\//.exec(page.url())![1])
      await page.getByTestId('contact-list-items-title').filter({ hasText: 'Contatos: Clientes VIP' }).waitFor({ timeout: 20_000 })
      await page.getByTestId('contact-list-items-add').click()
      await page.locator('#contact-list-item-name').fill('Ana Souza')
      await page.locator('#contact-list-item-number').fill('123')
      await page.locator('#contact-list-item-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('#contact-list-item-number-error').filter({ hasText: 'Muito curto!' }).waitFor({ timeout: 20_000 })
      await shoot(page, 'contact-list-item-dialog-1366')
      await page.locator('#contact-list-item-number').fill('+55 11 98765-0001')
      await page.locator('#contact-list-item-email').fill('ana@exemplo.com.br')
      await page.locator('#contact-list-item-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('[data-toast="success"]').filter({ hasText: 'Contato salvo com sucesso!' }).waitFor({ timeout: 20_000 })
      await itemRow(page, 'Ana Souza').filter({ hasText: '5511987650001' }).waitFor()

      // A spreadsheet: two good rows and one whose number is no phone.
      const file = xlsx([['Nome', 'Número', 'Email'], ['Bruno Lima', '5521988887777', 'bruno@exemplo.com'], ['Carla Dias', 5531977776666, ''], ['Linha ruim', '12', '']])
      await page.getByTestId('contact-list-items-file').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file })
      await page.locator('[data-toast="warning"]')
        .filter({ hasText: 'Importação realizada com alguns erros. Adicionados: 2, repetidos: 0, linhas ignoradas: 1.' })
        .waitFor({ timeout: 20_000 })
      await itemRow(page, 'Carla Dias').waitFor({ timeout: 20_000 })
      await until('three items on the page', async () => (await page.getByTestId('contact-list-item-row').count()) === 3)
      const validity = await page.getByTestId('contact-list-item-validity').evaluateAll((els) => els.map((e) => e.getAttribute('data-valid')))
      expect(validity).toEqual(['true', 'true', 'true'])
      expect(await itemRow(page, 'Ana Souza').getByRole('img').getAttribute('aria-label')).toBe('Número válido no WhatsApp')
      const stored = await withSystem(db, (tx) => tx<{ name: string; number: string; isWhatsappValid: boolean }[]>`
        select name, number, is_whatsapp_valid from contact_list_items where contact_list_id = ${listId} order by name`)
      expect([...stored]).toEqual([
        { name: 'Ana Souza', number: '5511987650001', isWhatsappValid: true },
        { name: 'Bruno Lima', number: '5521988887777', isWhatsappValid: true },
        { name: 'Carla Dias', number: '5531977776666', isWhatsappValid: true },
      ])
      // How an item WhatsApp does not know looks (a company with a live session would have some).
      await withSystem(db, (tx) => tx`update contact_list_items set is_whatsapp_valid = false where contact_list_id = ${listId} and name = 'Carla Dias'`)
      await page.reload()
      await itemRow(page, 'Carla Dias').locator('[data-valid="false"]').waitFor({ timeout: 20_000 })
      expect(await itemRow(page, 'Carla Dias').getByRole('img').getAttribute('aria-label')).toBe('Número não encontrado no WhatsApp')
      await shoot(page, 'contact-list-items-1366')

      // Back to the lists: the count followed.
      await page.getByTestId('contact-list-items-lists').click()
      await page.waitForURL(`${server.baseUrl}/contact-lists`)
      await until('the list shows 3 contacts', async () => (await listRow.getByTestId('contact-list-count').textContent()) === '3')
      await shoot(page, 'contact-lists-1366')

      // A phone.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${server.baseUrl}/contact-lists`)
      await listRow.getByText('3 contatos').waitFor({ timeout: 20_000 })
      await shoot(page, 'contact-lists-390')
      await page.goto(`${server.baseUrl}/contact-lists/${listId}/contacts`)
      await itemRow(page, 'Carla Dias').waitFor({ timeout: 20_000 })
      await shoot(page, 'contact-list-items-390')
      await page.getByTestId('contact-list-items-add').click()
      await page.locator('#contact-list-item-number').fill('123')
      await page.locator('#contact-list-item-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await page.locator('#contact-list-item-name-error').filter({ hasText: 'Obrigatório' }).waitFor()
      await shoot(page, 'contact-list-item-dialog-390')
    } finally {
      await b.close()
    }
  }, 240_000)
})
