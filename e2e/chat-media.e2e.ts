import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { loginAs, openBrowser, screenshot, type Server, startServer, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * Media in the ticket chat (spec part 1 §2 "Message input", issue: audio recording) in Chromium with a
 * fake microphone, against the real server with its workers and a simulator connection: the attendant
 * attaches an image and a document with a caption, both render in the chat and reach the phone as
 * media; a recorded voice note goes out as mp3 (audio/mpeg) and plays at the remembered speed; offline
 * the paperclip is off. Run after `vite build`: `bun test ./e2e/chat-media.e2e.ts`.
 */
const TIMEOUT = 240_000
const FIRST_START_MS = 45_000
const FAKE_MIC = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
let server: Server
let workers: RunningWorkers
const phone: { body: string; kind: string; mimeType: string | null; fileName: string | null }[] = []

beforeAll(async () => {
  server = await startServer()
  workers = startWorkers(server.env.services, {
    log: () => {},
    simulator: {
      ackDelaysMs: [150, 300],
      onSend: (m: OutboundMessage) => void phone.push({ body: m.body, kind: m.kind, mimeType: m.media?.mimeType ?? null, fileName: m.media?.fileName ?? null }),
    },
  })
}, 60_000)
afterAll(async () => {
  await workers?.stop()
  await server?.close()
})


const row = (page: Page, text: string) => page.getByTestId('ticket-row').filter({ hasText: text })

describe('chat media', () => {
  test('an image and a document with a caption, a recorded voice note as mp3, the speed remembered, no paperclip offline', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const ana = await createUser(server.env, company.companyId, { name: 'Ana Atendente', allTicket: 'enable' })
    const phoneOperator = await createUser(server.env, company.companyId, { profile: 'admin' })
    await withSystem(server.env.services.db, async (tx) => {
      const [q] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${ana.id}, ${q.id})`
    })
    const b = await openBrowser(undefined, FAKE_MIC)
    try {
      await b.context.grantPermissions(['microphone'], { origin: server.baseUrl })
      await loginAs(b.page, server.baseUrl, ana.email, ana.password)
      await waitForLanding(b.page)
      await waitForServiceWorker(b.page)
      await b.page.getByRole('link', { name: 'Atendimentos', exact: true }).click()
      await b.page.waitForURL(`${server.baseUrl}/tickets`)
      await b.page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })

      const inbound = await fetch(`${server.baseUrl}/simulator/${conn.id}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phoneOperator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650001', name: 'Carla Cliente', body: 'Pode me mandar o contrato?' }),
      })
      expect(inbound.status).toBe(201)
      await b.page.getByTestId('ticket-tab-pending').click()
      await row(b.page, 'Carla Cliente').getByTestId('ticket-accept').click({ timeout: 20_000 })
      const chat = b.page.getByTestId('ticket-chat')
      await until('the accept to be confirmed', async () => (await chat.getAttribute('data-status')) === 'open' && (await chat.getByTestId('pending-marker').count()) === 0)

      // Two files and a caption: chips show them; one message per file reaches the phone as media.
      await b.page.getByTestId('attach-input').setInputFiles([
        { name: 'foto.png', mimeType: 'image/png', buffer: PNG_1PX },
        { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF },
      ])
      expect(await b.page.getByTestId('attach-chip').count()).toBe(2)
      await b.page.getByTestId('attach-chip').filter({ hasText: 'contrato.pdf' }).filter({ hasText: `${PDF.length} B` }).waitFor()
      await b.page.getByTestId('message-input').fill('Segue o contrato')
      await b.page.getByTestId('message-send').click()
      await b.page.getByTestId('attach-chips').waitFor({ state: 'detached' })
      await until('both files to reach the phone', () =>
        phone.some((m) => m.kind === 'media' && m.mimeType === 'image/png' && m.body === 'Segue o contrato') &&
        phone.some((m) => m.kind === 'media' && m.mimeType === 'application/pdf' && m.fileName === 'contrato.pdf'),
      )
      const image = chat.locator('[data-media-type="image"]')
      await image.getByTestId('message-image').waitFor({ timeout: 20_000 })
      await until('the image to load', () => image.getByTestId('message-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1))
      expect(await image.getByTestId('message-body').textContent()).toBe('Segue o contrato')
      await chat.locator('[data-media-type="application"]').getByTestId('message-document').filter({ hasText: 'contrato.pdf' }).waitFor()
      expect(await chat.getByTestId('message-document').getAttribute('download')).toBe('contrato.pdf')
      await image.getByTestId('message-image').click()
      await b.page.getByTestId('image-full').waitFor()
      await b.page.keyboard.press('Escape')
      await b.page.getByTestId('image-full').waitFor({ state: 'detached' })

      // A picture the customer sent that the browser cannot draw (damaged bytes): said so, with the file to download.
      const damaged = await server.env.services.media.saveReceived(company.companyId, new TextEncoder().encode('not really a png'), 'image/png', 'quebrada.png')
      await withSystem(server.env.services.db, async (tx) => {
        const [t] = await tx<{ id: number; contactId: number }[]>`
          select t.id, t.contact_id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${company.companyId} and c.name = 'Carla Cliente'`
        await tx`insert into messages (company_id, ticket_id, contact_id, body, from_me, media_type, media_url)
                 values (${company.companyId}, ${t.id}, ${t.contactId}, '', false, 'image', ${`/media/${company.companyId}/${damaged.fileName}`})`
      })
      const unavailable = chat.getByTestId('message-preview-unavailable')
      await unavailable.waitFor({ timeout: 20_000 })
      expect(await unavailable.textContent()).toContain('Visualização não disponível')
      expect(await unavailable.getByRole('link').getAttribute('download')).toBe(damaged.fileName)

      // A voice note from the fake microphone: mp3 on a WhatsApp-family connection.
      await b.page.getByTestId('record-start').click()
      await b.page.getByTestId('recording').waitFor()
      await Bun.sleep(2500)
      await b.page.getByTestId('recording-time').filter({ hasText: /0:0[2-9]/ }).waitFor()
      await b.page.getByTestId('record-send').click()
      await until('the voice note to reach the phone', () => phone.some((m) => m.kind === 'media' && m.mimeType === 'audio/mpeg' && /\.mp3$/.test(m.fileName ?? '')))
      const audio = chat.locator('[data-media-type="audio"]')
      await audio.getByTestId('message-audio').waitFor({ timeout: 20_000 })
      const speed = audio.getByTestId('audio-speed')
      expect(await speed.getAttribute('data-speed')).toBe('1')
      await speed.click()
      expect(await speed.getAttribute('data-speed')).toBe('1.5')
      expect(await audio.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5)
      expect(await b.page.evaluate(() => localStorage.getItem('audioSpeed'))).toBe('1.5')
      await screenshot(b.page, 'chat-media.png')

      // A recording cancelled sends nothing.
      const sent = phone.length
      await b.page.getByTestId('record-start').click()
      await b.page.getByTestId('record-cancel').click()
      await b.page.getByTestId('message-input').waitFor()
      await Bun.sleep(1000)
      expect(phone.length).toBe(sent)

      // Offline the paperclip and the mic are off and say why.
      await b.context.setOffline(true)
      const clip = b.page.getByTestId('attach-button')
      await until('the paperclip to turn off', () => clip.isDisabled())
      expect(await clip.getAttribute('title')).toContain('Sem conexão')
      expect(await b.page.getByTestId('record-start').isDisabled()).toBe(true)
      await b.context.setOffline(false)
      await until('the paperclip to come back', () => clip.isEnabled())
    } finally {
      await b.close()
    }
  }, TIMEOUT)
})
