import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createPlan } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForLanding } from './support/harness.ts'

/** /messages-api (issue 17): the test form sends through POST /api/messages/send; the plan gate. Run after `vite build`. */
const server = fileServer()

describe('messages API page', () => {
  test("the text form sends with a connection's token; a plan without the API sends the user home", async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { token: 'tok-messages-api-e2e-0000000001' })
    const b = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(b.page)
      await b.page.getByRole('link', { name: 'API de mensagens' }).click()
      await b.page.waitForURL(`${server.baseUrl}/messages-api`)
      const form = b.page.getByTestId('api-text-form')
      await form.getByRole('button', { name: 'Enviar' }).click()
      expect(await form.locator('#api-text-token-error').textContent()).toBeTruthy()
      await form.locator('#api-text-token').fill('tok-messages-api-e2e-0000000001')
      await form.locator('#api-text-number').fill('+55 11 98888-7777')
      await form.locator('#api-text-body').fill('Seu pedido saiu para entrega')
      await form.getByRole('button', { name: 'Enviar' }).click()
      await form.locator('#api-text-number-error').waitFor()
      await form.locator('#api-text-number').fill('5511988887777')
      await form.getByRole('button', { name: 'Enviar' }).click()
      await b.page.locator('[data-toast="success"]').filter({ hasText: 'Mensagem enviada com sucesso' }).waitFor({ timeout: 20_000 })
      const sent = await until('the message on the server', async () => {
        const [m] = await withSystem(server.env.services.db, (tx) => tx<{ body: string; whatsappId: number }[]>`
          select m.body, t.whatsapp_id from messages m join tickets t on t.id = m.ticket_id
           where m.company_id = ${company.companyId} and m.from_me`)
        return m
      })
      expect(sent).toEqual({ body: 'Seu pedido saiu para entrega', whatsappId: conn.id })
      await screenshot(b.page, 'messages-api.png')

      // The media form: a file through multipart (field medias), named on the page before sending.
      const media = b.page.getByTestId('api-media-form')
      await media.locator('#api-media-token').fill('tok-messages-api-e2e-0000000001')
      await media.locator('#api-media-number').fill('5511988887777')
      await media.locator('#api-media-file').setInputFiles({ name: 'boleto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 teste') })
      expect(await media.getByTestId('api-media-file-name').textContent()).toBe('boleto.pdf')
      await b.page.locator('[data-toast="success"]').first().getByRole('button').click()
      await media.getByRole('button', { name: 'Enviar' }).click()
      await b.page.locator('[data-toast="success"]').filter({ hasText: 'Mensagem enviada com sucesso' }).waitFor({ timeout: 20_000 })
      await until('the file on the server', async () => {
        const rows = await withSystem(server.env.services.db, (tx) => tx<{ mediaType: string }[]>`
          select media_type from messages where company_id = ${company.companyId} and from_me and media_url is not null`)
        return rows.length === 1
      })
      expect(await media.getByTestId('api-media-file-name').textContent()).toBe('Nenhum arquivo escolhido')

      // A wrong token: the API's refusal, and no success.
      await form.locator('#api-text-token').fill('wrong-token')
      await form.locator('#api-text-body').fill('Outra')
      await form.getByRole('button', { name: 'Enviar' }).click()
      await b.page.locator('[data-toast="error"]').waitFor({ timeout: 20_000 })
    } finally {
      await b.close()
    }

    // A plan without useExternalApi: the toast, then home.
    const planId = await createPlan(server.env, { useExternalApi: false })
    const gated = await createCompany(server.env, { planId })
    const g = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(g.page, server.baseUrl, gated.adminEmail, 'admin-pass')
      await waitForLanding(g.page)
      await g.page.goto(`${server.baseUrl}/messages-api`)
      await g.page.getByRole('alert').getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').waitFor({ timeout: 20_000 })
      await g.page.waitForURL(`${server.baseUrl}/`, { timeout: 10_000 })
    } finally {
      await g.close()
    }
  }, 240_000)
})
