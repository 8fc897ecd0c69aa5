import { describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG_1PX } from '../test/files.ts'
import { fileServer, ADMIN_EMAIL, ADMIN_PASSWORD, loginAs, openBrowser, screenshot, waitForLanding } from './support/harness.ts'

/**
 * The super user's settings tabs (issue 19): a plan with a feature off, a help video that then shows on
 * /helps, and the platform's name, sign-up switch and logo reaching the login page.
 */
const server = fileServer()

describe('super user settings', () => {
  test('plans, helps and the platform tab', async () => {
    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/settings`)

      await page.getByRole('tab', { name: 'Planos' }).click()
      await page.getByRole('button', { name: 'Adicionar plano' }).click()
      await page.locator('#plan-name').fill('P')
      await page.locator('#plan-amount').fill('abc')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.locator('#plan-name-error').waitFor()
      await page.locator('#plan-amount-error').waitFor()
      await page.locator('#plan-name').fill('Plano Loja')
      await page.locator('#plan-users').fill('8')
      await page.locator('#plan-amount').fill('189,90')
      await page.getByRole('switch', { name: 'Campanhas' }).click()
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Plano salvo com sucesso!').waitFor()
      const planRow = page.getByTestId('plan-row').filter({ hasText: 'Plano Loja' })
      await planRow.waitFor()
      expect(await planRow.textContent()).toMatch(/R\$\s189,90/)
      await screenshot(page, 'settings-plans.png')

      await page.getByRole('tab', { name: 'Ajuda' }).click()
      await page.getByRole('button', { name: 'Adicionar vídeo' }).click()
      await page.locator('#help-title').fill('Como transferir um atendimento')
      await page.locator('#help-description').fill('Passo a passo da transferência entre filas.')
      await page.locator('#help-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Vídeo salvo com sucesso!').waitFor()
      await page.getByTestId('help-row').filter({ hasText: 'Como transferir um atendimento' }).waitFor()

      await page.getByRole('tab', { name: 'Plataforma' }).click()
      await page.getByTestId('settings-platform').waitFor()
      await page.locator('#setting-appName').fill('Atendimento Loja')
      await page.locator('#setting-primaryColorLight').fill('#123')
      await page.locator('#setting-primaryColorLight').fill('roxo')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Use uma cor como #6e31ef').first().waitFor()
      await page.locator('#setting-primaryColorLight').fill('#0f766e')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Configuração salva').first().waitFor()
      await page.getByRole('switch', { name: 'Permitir cadastro de empresas' }).click()
      const dir = mkdtempSync(join(tmpdir(), 'logo-'))
      writeFileSync(join(dir, 'logo.png'), PNG_1PX)
      await page.locator('#setting-appLogoLight').setInputFiles(join(dir, 'logo.png'))
      await page.getByTestId('logo-appLogoLight').locator('img').waitFor()
      await screenshot(page, 'settings-platform.png')

      // Pagamentos: the Pix receiver, read back after a reload; both tabs on a phone, light and dark.
      await page.getByRole('tab', { name: 'Pagamentos' }).click()
      await page.getByTestId('settings-pix').waitFor()
      await page.locator('#setting-pixKey').fill('financeiro@loja.com.br')
      await page.locator('#setting-pixMerchantName').fill('Loja Exemplo')
      await page.locator('#setting-pixMerchantCity').fill('Sao Paulo')
      await page.getByTestId('settings-pix').getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Configuração salva').first().waitFor()
      await page.setViewportSize({ width: 390, height: 844 })
      await page.reload()
      await page.getByRole('tab', { name: 'Pagamentos' }).click()
      await page.getByTestId('settings-pix').waitFor()
      await expect(page.locator('#setting-pixKey').inputValue()).resolves.toBe('financeiro@loja.com.br')
      for (const tab of ['Pagamentos', 'Plataforma']) {
        await page.getByRole('tab', { name: tab }).click()
        // The logos are the bottom of the Plataforma tab: on a phone they are what needs looking at.
        if (tab === 'Plataforma') await page.getByTestId('logo-appLogoFavicon').scrollIntoViewIfNeeded()
        await page.waitForTimeout(300)
        await screenshot(page, `settings-${tab.toLowerCase()}-390-light.png`)
        await page.evaluate(() => document.documentElement.classList.add('dark'))
        await page.waitForTimeout(300)
        await screenshot(page, `settings-${tab.toLowerCase()}-390-dark.png`)
        await page.evaluate(() => document.documentElement.classList.remove('dark'))
      }
    } finally {
      await close()
    }

    // A visitor sees the new name, the sign-up link and the logo on the login page.
    const visitor = await openBrowser({ width: 390, height: 844 })
    try {
      await visitor.page.goto(`${server.baseUrl}/login`)
      await visitor.page.getByTestId('signup-link').waitFor()
      await visitor.page.waitForFunction(() => document.title.includes('Atendimento Loja'))
      // The installed app takes the same name and the logo as its first icon (one manifest link, the server's).
      expect(await visitor.page.locator('link[rel="manifest"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual(['/app.webmanifest'])
      const manifest = await visitor.page.evaluate(async () => (await fetch('/app.webmanifest')).json())
      expect(manifest).toMatchObject({ name: 'Atendimento Loja', theme_color: '#0f766e' })
      expect(manifest.icons[0].src).toMatch(/^\/media\/1\/[a-f0-9]{32}\.png$/)
      await screenshot(visitor.page, 'login-branded.png')
    } finally {
      await visitor.close()
    }
  }, 180_000)
})
