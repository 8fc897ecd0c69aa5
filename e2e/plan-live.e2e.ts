import { describe, expect, test } from 'bun:test'
import { createCompany, superToken } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { fileServer, loginAs, openBrowser, until, waitForLanding } from './support/harness.ts'

/** Issue 19: a plan change reaches the open sessions of its companies without a new login. */
const server = fileServer()

describe('plan changes', () => {
  test('the super user turns a plan feature off and on: the admin\'s menu follows without a reload', async () => {
    const company = await createCompany(server.env)
    const sup = await superToken(server.env)
    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      const link = page.getByRole('link', { name: 'API de mensagens' })
      await link.waitFor()
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
      expect((await call(server.env, 'PUT', `/plans/${company.planId}`, { token: sup, json: { useExternalApi: false } })).status).toBe(200)
      await until('the entry gone', async () => (await link.count()) === 0, 15_000)
      expect((await call(server.env, 'PUT', `/plans/${company.planId}`, { token: sup, json: { useExternalApi: true } })).status).toBe(200)
      await link.waitFor({ timeout: 15_000 })
      // The same page all along: no reload, no new login.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    } finally {
      await close()
    }
  }, 120_000)
})
