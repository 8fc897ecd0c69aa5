import { expect } from 'bun:test'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** The top bar's theme switch, as a user turns dark mode on. */
export const TOGGLE_THEME = (JSON.parse(readFileSync(join(import.meta.dir, '..', '..', 'client', 'src', 'i18n', 'pt.json'), 'utf8')) as { layout: { toggleTheme: string } }).layout.toggleTheme

/** A screenshot into `dir`, failing when a title is cut short (a defect even when every other check passes). */
export function shotsInto(dir: string) {
  return async function shot(page: Page, name: string) {
    mkdirSync(dir, { recursive: true })
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(dir, `${name}.png`) })
    const cut = await page.evaluate(() => [...document.querySelectorAll('h1, h2')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent))
    expect({ name, cut }).toEqual({ name, cut: [] })
  }
}

/** JSON calls to the e2e server with a bearer token (a second admin's: the browser's login ends the first one's other sessions). */
export function bearerApi(baseUrl: () => string, token: () => string) {
  return async function api<T>(method: string, path: string, json?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<T>
  }
}

/**
 * The screens a page is checked at (1366×820 and 390×844, light then dark): for each size a browser from
 * `open`, and for each theme `load` (which waits for the page), the theme switched as a user does, then `look`.
 */
export async function eachScreen(
  open: (viewport: { width: number; height: number }) => Promise<{ page: Page; close(): Promise<void> }>,
  load: (page: Page) => Promise<void>,
  look: (page: Page, tag: string) => Promise<void>,
): Promise<void> {
  for (const [width, height] of [[1366, 820], [390, 844]]) {
    const b = await open({ width, height })
    try {
      for (const theme of ['light', 'dark']) {
        await load(b.page)
        if (theme === 'dark') {
          await b.page.getByRole('button', { name: TOGGLE_THEME }).click()
          await b.page.locator('html.dark').waitFor({ state: 'attached' })
        }
        await look(b.page, `${width}-${theme}`)
      }
    } finally {
      await b.close()
    }
  }
}

/** Opens the first row's edit dialog (its "Editar …" button), screenshots it, and closes it with Escape. */
export async function shootEditDialog(page: Page, dialogTestId: string, shoot: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: /^Editar / }).first().click()
  await page.getByTestId(dialogTestId).waitFor()
  await shoot()
  await page.keyboard.press('Escape')
  await page.getByTestId(dialogTestId).waitFor({ state: 'detached' })
}
