import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createUser } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, waitForLanding, type Browser } from './support/harness.ts'
import { bearerApi, eachScreen, shootEditDialog, shotsInto } from './support/screens.ts'

/**
 * AI prompts (issue 22): an admin adds a prompt (the queue is required: 'Informe o setor'), the key is stored and
 * never shown back, edits keeping it, deletes. Screenshots in /tmp/shots-prompts at 1366×820 and 390×844, light
 * and dark. Run after `vite build`.
 */
const TIMEOUT = 240_000
const shot = shotsInto('/tmp/shots-prompts')
const server = fileServer()
const world = {} as { companyId: number; adminEmail: string; token: string; queueId: number }
const api = bearerApi(() => server.baseUrl, () => world.token)

async function openAs(viewport = { width: 1366, height: 820 }): Promise<Browser> {
  const b = await openBrowser(viewport)
  await loginAs(b.page, server.baseUrl, world.adminEmail, 'admin-pass')
  await waitForLanding(b.page)
  return b
}

describe('prompts', () => {
  test('an admin adds a prompt with its queue and key, edits it keeping the key, and deletes another', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const helper = await createUser(server.env, company.companyId, { profile: 'admin' })
    Object.assign(world, { companyId: company.companyId, adminEmail: company.adminEmail, token: helper.token })
    world.queueId = (await api<{ id: number }>('POST', '/queue', { name: 'Vendas', color: '#16a34a', orderQueue: 1, greetingMessage: 'Oi' })).id
    const b = await openAs()
    const page = b.page
    try {
      await page.getByRole('link', { name: 'Prompts', exact: true }).click()
      await page.waitForURL(`${server.baseUrl}/prompts`)
      await page.getByTestId('prompts-empty').waitFor()
      await page.getByTestId('prompts-add').click()
      await page.getByTestId('prompt-dialog').waitFor()
      expect(await page.locator('#prompt-maxTokens').inputValue()).toBe('100')
      expect(await page.locator('#prompt-temperature').inputValue()).toBe('1')
      expect(await page.locator('#prompt-maxMessages').inputValue()).toBe('10')
      await page.locator('#prompt-name').fill('Assistente de vendas')
      await page.getByTestId('prompt-save').click()
      await page.locator('#prompt-queueId-error').getByText('Informe o setor').waitFor()
      await page.locator('#prompt-queueId').selectOption({ label: 'Vendas' })
      await page.locator('#prompt-apiKey').fill('sk-e2e-secret')
      await page.locator('#prompt-prompt').fill('Você vende pizzas. Seja breve.')
      await page.locator('#prompt-voice').selectOption('pt-BR-FranciscaNeural')
      await shot(page, 'prompt-dialog-1366-light')
      await page.getByTestId('prompt-save').click()
      await page.getByText('Prompt salvo com sucesso.').first().waitFor()
      const row = page.getByTestId('prompt-row').filter({ hasText: 'Assistente de vendas' })
      await row.getByText('Vendas', { exact: true }).waitFor()
      const [stored] = await withSystem(server.env.services.db, (tx) => tx<{ apiKey: string; voice: string }[]>`select api_key, voice from prompts where company_id = ${world.companyId}`)
      expect(stored).toEqual({ apiKey: 'sk-e2e-secret', voice: 'pt-BR-FranciscaNeural' })

      await row.getByRole('button', { name: 'Editar Assistente de vendas' }).click()
      await page.getByTestId('prompt-key-stored').waitFor()
      expect(await page.locator('#prompt-apiKey').inputValue()).toBe('')
      expect(await page.content()).not.toContain('sk-e2e-secret')
      await page.locator('#prompt-maxTokens').fill('250')
      await page.getByTestId('prompt-save').click()
      await page.getByText('Prompt salvo com sucesso.').first().waitFor()
      await row.getByText('250').waitFor()
      const [after] = await withSystem(server.env.services.db, (tx) => tx<{ apiKey: string; maxTokens: number }[]>`select api_key, max_tokens from prompts where company_id = ${world.companyId}`)
      expect(after).toEqual({ apiKey: 'sk-e2e-secret', maxTokens: 250 })

      await api('POST', '/prompt', { name: 'Rascunho', queueId: world.queueId })
      await page.getByTestId('prompt-row').filter({ hasText: 'Rascunho' }).waitFor()
      await page.getByRole('button', { name: 'Excluir Rascunho' }).click()
      await page.getByRole('button', { name: 'Excluir', exact: true }).click()
      await page.getByText('Prompt excluído com sucesso.').first().waitFor()
      await page.getByTestId('prompt-row').filter({ hasText: 'Rascunho' }).waitFor({ state: 'detached' })
    } finally {
      await b.close()
    }
  }, TIMEOUT)

  test('screens at 1366×820 and 390×844, light and dark', async () => {
    await eachScreen(
      openAs,
      async (page) => {
        await page.goto(`${server.baseUrl}/prompts`)
        await page.getByTestId('prompt-row').first().waitFor()
      },
      async (page, tag) => {
        await shot(page, `prompts-${tag}`)
        await shootEditDialog(page, 'prompt-dialog', () => shot(page, `prompt-edit-${tag}`))
      },
    )
  }, TIMEOUT)
})
