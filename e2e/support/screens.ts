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
