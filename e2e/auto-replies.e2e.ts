import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import { PNG_1PX } from '../test/files.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { fileServer, loginAs, openBrowser, until, waitForLanding, type Browser } from './support/harness.ts'
import { eachScreen, shootEditDialog, shotsInto } from './support/screens.ts'

/**
 * Keyword auto-replies (issue 22): an admin adds a rule with a file (the required fields show first), turns the
 * company's auto-replies on in Configurações → Opções, and a simulator contact who writes the keyword gets the
 * response and the file. Screenshots in /tmp/shots-auto-replies at 1366×820 and 390×844, light and dark. Run
 * after `vite build`.
 */
const TIMEOUT = 240_000
const shot = shotsInto('/tmp/shots-auto-replies')
const server = fileServer()
let workers: RunningWorkers
const phone: OutboundMessage[] = []

beforeAll(() => {
  workers = startWorkers(server.env.services, { log: () => {}, simulator: { ackDelaysMs: [], onSend: (m: OutboundMessage) => void phone.push(m) } })
})
afterAll(async () => {
  await workers?.stop()
})

const world = {} as { companyId: number; adminEmail: string; token: string; connectionId: number }

async function openAs(viewport = { width: 1366, height: 820 }): Promise<Browser> {
  const b = await openBrowser(viewport)
  await loginAs(b.page, server.baseUrl, world.adminEmail, 'admin-pass')
  await waitForLanding(b.page)
  return b
}

describe('auto-replies', () => {
  test('an admin adds a rule with a file, turns auto-replies on, and a contact who writes the keyword gets both', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const helper = await createUser(server.env, company.companyId, { profile: 'admin' })
    Object.assign(world, { companyId: company.companyId, adminEmail: company.adminEmail, token: helper.token })
    world.connectionId = (await createConnection(server.env, company.companyId, { name: 'WhatsApp Loja' })).id
    const b = await openAs()
    const page = b.page
    try {
      await page.getByRole('link', { name: 'Respostas automáticas', exact: true }).click()
      await page.waitForURL(`${server.baseUrl}/auto-replies`)
      await page.getByTestId('auto-replies-empty').waitFor()
      await page.getByTestId('auto-replies-add').click()
      await page.getByTestId('auto-reply-dialog').waitFor()
      await page.getByTestId('auto-reply-save').click()
      await page.locator('#auto-reply-keyword-error').getByText('Obrigatório').waitFor()
      await page.locator('#auto-reply-response-error').getByText('Obrigatório').waitFor()
      await page.locator('#auto-reply-keyword').fill('endereço')
      await page.locator('#auto-reply-condition').selectOption('contains')
      await page.locator('#auto-reply-response').fill('Estamos na Rua das Flores, 100.')
      await page.locator('#auto-reply-file').setInputFiles({ name: 'mapa.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX) })
      await shot(page, 'auto-reply-dialog-1366-light')
      await page.getByTestId('auto-reply-save').click()
      await page.getByText('Resposta automática salva com sucesso.').first().waitFor()
      const row = page.getByTestId('auto-reply-row').filter({ hasText: 'endereço' })
      await row.getByRole('cell', { name: 'Contém', exact: true }).waitFor()
      await row.getByText('Arquivo: mapa.png').waitFor()

      // Another admin's rule appears and leaves without a reload (company-{id}-autoReply).
      const other = (json?: unknown, path = '/auto-replies', method = 'POST') => fetch(`${server.baseUrl}${path}`, {
        method, headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' }, body: json ? JSON.stringify(json) : undefined,
      })
      const made = await other({ keyword: 'horário', condition: 'startsWith', response: 'Das 8h às 18h.' })
      expect(made.status).toBe(201)
      const live = page.getByTestId('auto-reply-row').filter({ hasText: 'horário' })
      await live.getByRole('cell', { name: 'Começa com', exact: true }).waitFor()
      expect((await other(undefined, `/auto-replies/${(await made.json()).id}`, 'DELETE')).status).toBe(200)
      await live.waitFor({ state: 'detached' })

      await page.goto(`${server.baseUrl}/settings`)
      const on = page.getByRole('switch', { name: 'Respostas automáticas por palavra-chave' })
      await on.click()
      await until('the company switch saved', async () => {
        const [s] = await withSystem(server.env.services.db, (tx) => tx<{ autoReply: string }[]>`select auto_reply from company_settings where company_id = ${world.companyId}`)
        return s.autoReply === 'enabled'
      })

      const res = await fetch(`${server.baseUrl}/simulator/${world.connectionId}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650111', name: 'Bia Cliente', body: 'Qual o ENDERECO de vocês?' }),
      })
      expect(res.status).toBe(201)
      await until('the response reached the phone', () => phone.some((m) => m.body === 'Estamos na Rua das Flores, 100.'), 60_000)
      await until('the file reached the phone', () => phone.some((m) => m.kind === 'media' && m.media?.mimeType === 'image/png'), 60_000)
    } finally {
      await b.close()
    }
  }, TIMEOUT)

  test('screens at 1366×820 and 390×844, light and dark', async () => {
    await eachScreen(
      openAs,
      async (page) => {
        await page.goto(`${server.baseUrl}/auto-replies`)
        await page.getByTestId('auto-reply-row').first().waitFor()
      },
      async (page, tag) => {
        await shot(page, `auto-replies-${tag}`)
        await shootEditDialog(page, 'auto-reply-dialog', () => shot(page, `auto-reply-edit-${tag}`))
        await page.goto(`${server.baseUrl}/settings`)
        await page.locator('#setting-autoReplyNotRecognizedMessage').scrollIntoViewIfNeeded()
        await shot(page, `settings-auto-reply-${tag}`)
      },
    )
  }, TIMEOUT)
})
