import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, fileServer, loginAs, openBrowser, screenshot, until, waitForLanding, waitForServiceWorker } from './support/harness.ts'

/**
 * Campaign settings (issue 20): the admin turns 'Campanhas' on in /settings, the campaign entries appear
 * in the menu without a reload (the cshow flag follows the switch), and /campaigns-config keeps the
 * intervals, days, hours and variables saved; an out-of-range value stays on its field. Run after `vite build`.
 */
const server = fileServer()
const COMPANY = 1

const sys = (fn: (tx: any) => Promise<any>): Promise<any> => withSystem(server.env.services.db, fn)
const menuLink = (page: Page) => page.getByRole('link', { name: 'Ajustes de campanhas' })
const successToast = (page: Page) => page.locator('[data-toast="success"]')

/** Labels and hints cut by their box at this size (the page's texts must wrap, not clip). */
async function cutTexts(page: Page): Promise<string[]> {
  return page.locator('main label, main h1, main h2, main p, main span').evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible').map((e) => e.textContent ?? ''),
  )
}

describe('campaign settings', () => {
  test("the 'Campanhas' switch shows the campaign menu; /campaigns-config saves, keeps and refuses out-of-range values", async () => {
    await sys(async (tx) => {
      await tx`update plans set use_campaigns = true where id = (select plan_id from companies where id = ${COMPANY})`
      await tx`update company_settings set campaigns_enabled = false where company_id = ${COMPANY}`
      await tx`delete from campaign_settings where company_id = ${COMPANY}`
    })
    const b = await openBrowser({ width: 1366, height: 820 })
    const page = b.page
    try {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)
      await waitForServiceWorker(page)
      await page.goto(`${server.baseUrl}/settings`)
      const campaigns = page.getByRole('switch', { name: 'Campanhas', exact: true })
      await campaigns.waitFor({ timeout: 45_000 })
      expect(await campaigns.getAttribute('aria-checked')).toBe('false')
      expect(await menuLink(page).count()).toBe(0)
      await page.getByText('Habilita as telas de campanhas').first().waitFor()

      // On: the switch reaches the server, and the menu shows the campaign entries at once.
      await campaigns.click()
      await menuLink(page).waitFor({ timeout: 20_000 })
      expect(await page.evaluate(() => localStorage.getItem('cshow'))).not.toBeNull()
      await until('the switch on the server', async () => (await sys((tx) => tx`select campaigns_enabled from company_settings where company_id = ${COMPANY}`))[0].campaignsEnabled === true)
      await screenshot(page, 'campaign-settings-switch-1366-light.png')

      await menuLink(page).click()
      await page.waitForURL(`${server.baseUrl}/campaigns-config`)
      const interval = page.locator('#campaign-messageInterval')
      await interval.waitFor({ timeout: 20_000 })
      expect(await interval.inputValue()).toBe('20')
      expect(await page.locator('#campaign-longerIntervalAfter').inputValue()).toBe('20')
      expect(await page.locator('#campaign-greaterInterval').inputValue()).toBe('60')

      await interval.fill('30')
      await page.locator('#campaign-longerIntervalAfter').fill('10')
      await page.locator('#campaign-greaterInterval').fill('90')
      await page.getByRole('switch', { name: 'Sábado' }).click()
      await page.locator('#campaign-startHour').fill('0800')
      await page.locator('#campaign-endHour').fill('1730')
      await page.getByRole('button', { name: 'Adicionar variável' }).click()
      await page.locator('#variable-0-key').fill('loja')
      await page.locator('#variable-0-value').fill('Centro')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await successToast(page).filter({ hasText: 'Configurações salvas' }).waitFor({ timeout: 20_000 })
      const stored = await sys((tx) => tx`select key, value from campaign_settings where company_id = ${COMPANY}`)
      expect(Object.fromEntries(stored.map((r: { key: string; value: string }) => [r.key, r.value]))).toMatchObject({
        messageInterval: '30', longerIntervalAfter: '10', greaterInterval: '90', sabado: 'true', domingo: 'false',
        startHour: '08:00', endHour: '17:30', variables: JSON.stringify([{ key: 'loja', value: 'Centro' }]),
      })

      // A reload keeps them, and the menu entry (the flag is stored on this browser).
      await page.reload()
      await interval.waitFor({ timeout: 30_000 })
      expect(await interval.inputValue()).toBe('30')
      expect(await page.locator('#campaign-greaterInterval').inputValue()).toBe('90')
      expect(await page.getByRole('switch', { name: 'Sábado' }).getAttribute('aria-checked')).toBe('true')
      expect(await page.locator('#campaign-startHour').inputValue()).toBe('08:00')
      expect(await page.locator('#variable-0-value').inputValue()).toBe('Centro')
      await menuLink(page).waitFor()
      // The menu entry's label fits the drawer (it is cut with an ellipsis otherwise).
      expect(await menuLink(page).locator('span.truncate').evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(false)
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => localStorage.setItem('preferredTheme', t), theme)
        for (const [width, height] of [[1366, 820], [390, 844]]) {
          await page.setViewportSize({ width, height })
          await page.reload()
          await interval.waitFor({ timeout: 30_000 })
          expect({ width, theme, cut: await cutTexts(page) }).toEqual({ width, theme, cut: [] })
          await screenshot(page, `campaign-settings-${width}-${theme}.png`)
          if (width < 400) {
            await page.getByTestId('campaign-variables-section').scrollIntoViewIfNeeded()
            await screenshot(page, `campaign-settings-${width}-${theme}-variables.png`)
          }
        }
      }
      await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'))
      await page.setViewportSize({ width: 1366, height: 820 })
      await page.reload()
      await interval.waitFor({ timeout: 30_000 })

      // Out of range: the field says why, nothing is sent, no success toast.
      await page.locator('#campaign-greaterInterval').fill('10')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.locator('#campaign-greaterInterval-error').filter({ hasText: 'Informe 0 ou um número inteiro de 20 a 180.' }).waitFor()
      await screenshot(page, 'campaign-settings-error-1366-light.png')

      // The server's 400 lands on the field too: the body is changed on its way out.
      await page.locator('#campaign-greaterInterval').fill('60')
      await page.route('**/campaign-settings', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        const body = JSON.parse(route.request().postData() ?? '{}')
        await route.continue({ postData: JSON.stringify({ settings: { ...body.settings, messageInterval: 121 } }) })
      })
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.locator('#campaign-messageInterval-error').filter({ hasText: 'Informe um número inteiro de 0 a 120.' }).waitFor({ timeout: 20_000 })
      await page.unroute('**/campaign-settings')
      expect(await successToast(page).count()).toBe(0)
      const after = await sys((tx) => tx`select value from campaign_settings where company_id = ${COMPANY} and key in ('greaterInterval', 'messageInterval') order by key`)
      expect(after.map((r: { value: string }) => r.value)).toEqual(['90', '30'])

      // Off again: the entries leave the menu without a reload, and the page's route with them.
      await page.goto(`${server.baseUrl}/settings`)
      await campaigns.waitFor({ timeout: 45_000 })
      await campaigns.click()
      await menuLink(page).waitFor({ state: 'detached', timeout: 20_000 })
      expect(await page.evaluate(() => localStorage.getItem('cshow'))).toBeNull()
    } finally {
      await b.close()
    }
  }, 240_000)
})
