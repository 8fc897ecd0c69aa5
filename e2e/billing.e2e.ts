import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { hasError, parsePix } from 'pix-utils'
import { createPlan, superToken } from '../test/factories.ts'
import { startFakeMercadoPago, type FakeMercadoPago } from '../test/fake-mercadopago.ts'
import { call } from '../test/http.ts'
import { addMonths } from '../server/domain/companies/recurrence.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, loginAs, openBrowser, screenshot, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * Billing (issue 19): the super user adds a company with a plan on /companies, its due date already
 * past; the company's admin is sent to
 * /financeiro-aberto, renews through the checkout, gets a Pix code an independent parser accepts, and
 * when Mercado Pago (a local fake speaking its API) confirms, sees the renewal and goes home.
 */
let server: Server
let mp: FakeMercadoPago
beforeAll(async () => {
  server = await startServer()
  mp = await startFakeMercadoPago()
  Object.assign(server.env.services.config, { MERCADOPAGO_ACCESS_TOKEN: mp.accessToken, MERCADOPAGO_WEBHOOK_SECRET: mp.secret, MERCADOPAGO_API_URL: mp.url })
}, 60_000)
afterAll(async () => {
  await mp?.close()
  await server?.close()
})

describe('billing', () => {
  test('an expired company renews by Pix and goes home once Mercado Pago confirms', async () => {
    await createPlan(server.env, { name: 'Plano Profissional', amount: 189.9, users: 8, connections: 4, queues: 6 })
    const email = `dona-${Date.now()}@loja.example`
    const name = `Loja da Dona ${Date.now()}`

    // The super user adds the company on /companies, already past its due date.
    const operator = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(operator.page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(operator.page)
      await operator.page.goto(`${server.baseUrl}/companies`)
      await operator.page.getByTestId('companies-title').waitFor()
      await operator.page.getByRole('button', { name: 'Adicionar empresa' }).click()
      await operator.page.getByRole('button', { name: 'Salvar' }).click()
      await operator.page.getByText('Nome é obrigatório').waitFor()
      await operator.page.getByText('E-mail é obrigatório').waitFor()
      await operator.page.getByText('Plano é obrigatório').waitFor()
      await operator.page.locator('#company-name').fill(name)
      // An email already in use: the server's reason under the field, the dialog stays open, no success.
      await operator.page.locator('#company-email').fill(ADMIN_EMAIL)
      await operator.page.locator('#company-password').fill('loja-pass')
      await operator.page.locator('#company-plan').selectOption({ label: 'Plano Profissional · R$\u00a0189,90' })
      await operator.page.locator('#company-due').fill('2026-11-10')
      await operator.page.getByRole('switch', { name: 'Ativa' }).click()
      await operator.page.getByRole('button', { name: 'Salvar' }).click()
      await operator.page.locator('#company-email-error').waitFor()
      expect(await operator.page.getByText('Empresa salva com sucesso!').count()).toBe(0)
      await operator.page.locator('#company-email').fill(email)
      await operator.page.getByRole('button', { name: 'Salvar' }).click()
      await operator.page.getByText('Empresa salva com sucesso!').waitFor()
      const row = operator.page.getByTestId('company-row').filter({ hasText: name })
      await row.waitFor()
      expect(await row.getAttribute('data-tone')).toBe('late')
      await screenshot(operator.page, 'companies.png')
    } finally {
      await operator.close()
    }
    // After the browser: logging in there ended any earlier API session of the super user.
    const sup = await superToken(server.env)
    const companyId: number = (await call(server.env, 'GET', '/companies', { token: sup })).body.find((c: { name: string }) => c.name === name).id

    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(page, server.baseUrl, email, 'loja-pass')
      await page.waitForURL((u) => u.pathname === '/financeiro-aberto')
      await page.getByTestId('expired-message').waitFor()
      expect(await page.getByTestId('expired-message').textContent()).toContain('10/11/2026')
      await screenshot(page, 'billing-expired.png')

      await page.getByTestId('expired-renew').click()
      // Dados: the spec's messages until the name and a CPF with the right digits are there.
      await page.getByTestId('checkout-next').click()
      await page.getByText('O nome completo é obrigatório').waitFor()
      await page.getByText('CEP é obrigatório').waitFor()
      await page.locator('#checkout-first-name').fill('Dona Maria da Loja')
      await page.locator('#checkout-zipcode').fill('529.982.247-26')
      await page.getByTestId('checkout-next').click()
      await page.getByText('CPF/CNPJ inválido').waitFor()
      await page.locator('#checkout-zipcode').fill('529.982.247-25')
      await page.getByTestId('checkout-next').click()
      // Personalizar: the company's plan is chosen already.
      await page.getByTestId('checkout-plans').waitFor()
      expect(await page.getByRole('radio', { name: /Plano Profissional/ }).isChecked()).toBe(true)
      await screenshot(page, 'billing-plans.png')
      await page.getByTestId('checkout-next').click()
      const review = page.getByTestId('checkout-review')
      await review.waitFor()
      expect(await review.textContent()).toMatch(/R\$\s189,90/)
      await page.getByTestId('checkout-pay').click()

      await page.getByText('Assinatura realizada com sucesso, aguardando a realização do pagamento').waitFor()
      await page.getByTestId('pix-view').waitFor()
      const code = await page.locator('#pix-code').inputValue()
      const pix = parsePix(code)
      expect(hasError(pix)).toBe(false)
      expect(pix).toMatchObject({ transactionAmount: 189.9 })
      await page.getByTestId('pix-copy').click()
      await until('copied', async () => (await page.getByTestId('pix-copy').textContent())!.includes('Copiado!'))
      await until('copy again', async () => (await page.getByTestId('pix-copy').textContent())!.includes('Copiar código'), 5_000)
      await screenshot(page, 'billing-pix.png')

      const [paymentId] = [...mp.payments.keys()].slice(-1)
      expect(mp.payments.get(paymentId)!.transaction_amount).toBe(189.9)
      expect(await mp.approve(paymentId, (path, init) => fetch(`${server.baseUrl}${path}`, init))).toBe(200)
      // Paid after the due date passed: one month from the day Mercado Pago approved it.
      const due: string = (await call(server.env, 'GET', `/companies/${companyId}`, { token: sup })).body.dueDate
      const approved = new Date(mp.payments.get(paymentId)!.date_approved!)
      expect(due).toBe(addMonths(approved.toISOString().slice(0, 10), 1))
      const shown = `${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`
      await page.getByTestId('pix-renewed').getByText(`Sua licença foi renovada até ${shown}!`).waitFor({ timeout: 15_000 })
      await screenshot(page, 'billing-renewed.png')
      await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 })
      await page.getByTestId('dashboard-title').waitFor({ timeout: 30_000 })
      // Not the super user: /companies answers the denial toast and goes home after 1 s.
      await page.goto(`${server.baseUrl}/companies`)
      await page.getByText('Você não tem permissão para acessar esta página! Estamos lhe redirecionando.').first().waitFor()
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
      const invoices = await call(server.env, 'GET', '/invoices/all', { token: sup })
      expect(invoices.body.invoices.find((i: { companyName: string }) => i.companyName.startsWith('Loja da Dona'))).toMatchObject({ status: 'Pago', value: 189.9 })
    } finally {
      await close()
    }
  }, 180_000)
})
