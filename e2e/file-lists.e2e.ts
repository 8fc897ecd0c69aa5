import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import { PNG_1PX } from '../test/files.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { fileServer, loginAs, openBrowser, until, waitForLanding, type Browser } from './support/harness.ts'
import { bearerApi, eachScreen, shootEditDialog, shotsInto } from './support/screens.ts'

/**
 * File lists (issue 22): an admin adds a list with two attached files (the name rule shows first), sees it in
 * the table, picks it in a queue's editor; a simulator contact who enters the queue gets the list's message
 * and both files. A plain user gets the no-access view. Screenshots in /tmp/shots-file-lists at 1366×820 and
 * 390×844, light and dark. Run after `vite build`.
 */
const TIMEOUT = 240_000
const SHOTS = '/tmp/shots-file-lists'
const server = fileServer()
let workers: RunningWorkers
const phone: OutboundMessage[] = []

beforeAll(() => {
  workers = startWorkers(server.env.services, { log: () => {}, simulator: { ackDelaysMs: [], onSend: (m: OutboundMessage) => void phone.push(m) } })
})
afterAll(async () => {
  await workers?.stop()
})

const world = {} as { companyId: number; adminEmail: string; token: string; connectionId: number; queueId: number; userEmail: string }

const api = bearerApi(() => server.baseUrl, () => world.token)

async function openAs(email = world.adminEmail, password = 'admin-pass', viewport = { width: 1366, height: 820 }): Promise<Browser> {
  const b = await openBrowser(viewport)
  await loginAs(b.page, server.baseUrl, email, password)
  await waitForLanding(b.page)
  return b
}


const shot = shotsInto(SHOTS)

describe('file lists', () => {
  test('an admin adds a list with two files, picks it in a queue, and a contact entering the queue gets them', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const helper = await createUser(server.env, company.companyId, { profile: 'admin' })
    const plain = await createUser(server.env, company.companyId)
    Object.assign(world, { companyId: company.companyId, adminEmail: company.adminEmail, token: helper.token, userEmail: plain.email })
    world.connectionId = (await createConnection(server.env, company.companyId, { name: 'WhatsApp Loja' })).id
    world.queueId = (await api<{ id: number }>('POST', '/queue', { name: 'Catálogo', color: '#0ea5e9', orderQueue: 1, greetingMessage: 'Fila do catálogo.' })).id
    await withSystem(server.env.services.db, (tx) => tx`insert into whatsapp_queues ${tx({ companyId: world.companyId, whatsappId: world.connectionId, queueId: world.queueId })}`)

    const b = await openAs()
    const page = b.page
    try {
      await page.getByRole('link', { name: 'Lista de arquivos', exact: true }).click()
      await page.waitForURL(`${server.baseUrl}/files`)
      await page.getByTestId('file-lists-empty').waitFor()
      await page.getByTestId('file-lists-add').click()
      await page.getByTestId('file-list-dialog').waitFor()
      await page.locator('#file-list-name').fill('ab')
      await page.getByTestId('file-list-save').click()
      await page.locator('#file-list-name-error').getByText('nome muito curto').waitFor()
      await page.locator('#file-list-message-error').getByText('Obrigatório').waitFor()
      await page.locator('#file-list-name').fill('Catálogo 2026')
      await page.locator('#file-list-message').fill('Seguem nossos arquivos, {{name}}:')
      const rows = page.getByTestId('file-option')
      await rows.nth(0).locator('input[type="text"]').fill('Tabela de preços')
      await rows.nth(0).locator('input[type="file"]').setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 tabela') })
      await page.getByTestId('file-option-add').click()
      await rows.nth(1).locator('input[type="text"]').fill('Foto da loja')
      await rows.nth(1).locator('input[type="file"]').setInputFiles({ name: 'loja.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX) })
      expect(await rows.nth(1).getByTestId('file-option-current').textContent()).toBe('loja.png')
      await shot(page, 'file-list-dialog-1366-light')
      await page.getByTestId('file-list-save').click()
      await page.getByText('Lista de arquivos salva com sucesso.').first().waitFor()
      await page.getByTestId('file-list-dialog').waitFor({ state: 'detached' })
      await page.getByTestId('file-list-row').filter({ hasText: 'Catálogo 2026' }).getByText('2 arquivos').waitFor()
      const [list] = await withSystem(server.env.services.db, (tx) => tx<{ id: number; paths: string[] }[]>`
        select f.id, array_agg(o.path order by o.id) as paths from files f join file_options o on o.file_id = f.id where f.company_id = ${world.companyId} group by f.id`)
      expect(list.paths.every((p) => p.length > 0)).toBe(true)
      await shot(page, 'file-lists-1366-light')

      await page.goto(`${server.baseUrl}/queues`)
      await page.getByRole('button', { name: 'Editar Catálogo' }).click()
      const select = page.locator('#queue-fileListId')
      await until('list offered', async () => (await select.locator('option', { hasText: 'Catálogo 2026' }).count()) === 1)
      await select.selectOption({ label: 'Catálogo 2026' })
      await page.locator('button[type="submit"][form="queue-form"]').click()
      await page.getByText('Fila salva com sucesso!').first().waitFor()
      await until('queue keeps the list', async () => {
        const [q] = await withSystem(server.env.services.db, (tx) => tx<{ fileListId: number | null }[]>`select file_list_id from queues where id = ${world.queueId}`)
        return q.fileListId === list.id
      })

      const res = await fetch(`${server.baseUrl}/simulator/${world.connectionId}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650099', name: 'Ana Cliente', body: 'Oi, quero o catálogo' }),
      })
      expect(res.status).toBe(201)
      await until('the list reached the phone', () => phone.some((m) => m.body === 'Foto da loja'), 60_000)
      const bodies = phone.map((m) => m.body)
      expect(bodies.slice(bodies.indexOf('Fila do catálogo.'))).toEqual(['Fila do catálogo.', 'Seguem nossos arquivos, Ana Cliente:', 'Tabela de preços', 'Foto da loja'])
    } finally {
      await b.close()
    }
    const u = await openAs(world.userEmail, 'user-pass')
    try {
      await u.page.goto(`${server.baseUrl}/files`)
      await u.page.getByText('Oops! Acesso Negado!').waitFor()
      expect(await u.page.getByTestId('file-lists-add').count()).toBe(0)
    } finally {
      await u.close()
    }
  }, TIMEOUT)

  test('screens at 1366×820 and 390×844, light and dark', async () => {
    await eachScreen(
      (viewport) => openAs(world.adminEmail, 'admin-pass', viewport),
      async (page) => {
        await page.goto(`${server.baseUrl}/files`)
        await page.getByTestId('file-list-row').first().waitFor()
      },
      async (page, tag) => {
        await shot(page, `file-lists-${tag}`)
        await shootEditDialog(page, 'file-list-dialog', () => shot(page, `file-list-edit-${tag}`))
      },
    )
  }, TIMEOUT)
})
