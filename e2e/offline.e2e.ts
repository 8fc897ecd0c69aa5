import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createUser, loginToken, uniq } from '../test/factories.ts'
import { fileServer, ADMIN_EMAIL, ADMIN_PASSWORD, type Browser, browserStorage, loginAs, openBrowser, screenshot, until, waitForServiceWorker } from './support/harness.ts'

/**
 * Local-first in Debian Chromium against the real server (issue 3): the Users page reads the browser's
 * PGlite (synced from /v1/shape), works offline after the service worker took over, queues writes in
 * the outbox (replayed from IndexedDB with their Idempotency-Key) and logout wipes the user's data.
 * Run after `vite build`: `bun test ./e2e/offline.e2e.ts`.
 */
const TIMEOUT = 180_000
/** The first PGlite start in a fresh profile runs initdb in wasm: 10-15 s on our machines, then the initial sync. */
const FIRST_START_MS = 45_000
const server = fileServer()


async function withBrowser(fn: (b: Browser) => Promise<void>) {
  const browser = await openBrowser()
  try {
    await fn(browser)
  } finally {
    await browser.close()
  }
}

const url = (path: string) => `${server.baseUrl}${path}`
const userRow = (page: Page, name: string) => page.getByTestId('user-row').filter({ hasText: name })

/** Users of the server's database with these emails (system scope: every company). */
function serverUsers(emails: string[]) {
  return withSystem(server.env.services.db, (tx) => tx<{ id: number; email: string }[]>`select id, email from users where email = any(${emails}) order by email`)
}


/** Logs in as the super user, lets the service worker take over and opens /users once the local database has synced. */
async function openUsersPage(page: Page, waitFor: string) {
  await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.waitForURL(url('/'))
  await waitForServiceWorker(page)
  await page.getByRole('link', { name: 'Usuários' }).click()
  await page.waitForURL(url('/users'))
  await userRow(page, waitFor).waitFor({ timeout: FIRST_START_MS })
  await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })
}

async function addUser(page: Page, name: string, email: string, shot?: string) {
  await page.getByRole('button', { name: 'Adicionar usuário' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('#user-name').fill(name)
  await dialog.locator('#user-email').fill(email)
  await dialog.locator('#user-password').fill('senha-123')
  await dialog.getByRole('tab', { name: 'Permissões' }).click()
  await dialog.getByRole('switch', { name: 'Ver o dashboard' }).click()
  if (shot) {
    await page.waitForTimeout(300) // the switch's transition
    await screenshot(page, shot)
  }
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
}

describe('users page from the local database', () => {
  test('the seeded users render from the local database, and again after an offline reload', async () => {
    const bia = await createUser(server.env, 1, { name: 'Beatriz Local', profile: 'admin' })
    const caio = await createUser(server.env, 1, { name: 'Caio Local' })
    await withBrowser(async ({ page, context }) => {
      const apiUserCalls: string[] = []
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname
        if (/^\/users\/?$/.test(path) && r.resourceType() !== 'document') apiUserCalls.push(r.url())
      })
      await openUsersPage(page, 'Caio Local')
      await userRow(page, 'Administrador').waitFor()
      await userRow(page, 'Beatriz Local').waitFor()
      expect(await userRow(page, 'Beatriz Local').textContent()).toContain(bia.email)
      expect(await userRow(page, 'Caio Local').textContent()).toContain(caio.email)
      expect(apiUserCalls).toEqual([]) // the list never asked GET /users/

      // The search box filters the local rows by name or email, in lowercase, after 500 ms.
      await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('BEATRIZ')
      await until('the search to apply', async () => (await page.getByTestId('user-row').count()) === 1)
      await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
      await until('the search to clear', async () => (await page.getByTestId('user-row').count()) >= 3)

      await context.setOffline(true)
      await page.reload()
      await userRow(page, 'Caio Local').waitFor({ timeout: 30_000 })
      await userRow(page, 'Administrador').waitFor()
      expect(await page.getByTestId('greeting').textContent()).toContain('Olá, Administrador!')
      await page.locator('[data-sync-state="offline"]').waitFor()
      await screenshot(page, 'users-offline.png')
    })
  }, TIMEOUT)
})

describe('writes made offline', () => {
  test('three users created offline show as pending at once and reach the server exactly once; edit and delete follow', async () => {
    const names = [uniq('Offline Ana '), uniq('Offline Bruno '), uniq('Offline Clara ')]
    const emails = names.map((n) => `${n.toLowerCase().replace(/\s+/g, '.')}@test.local`)
    await withBrowser(async ({ page, context }) => {
      await openUsersPage(page, 'Administrador')
      await context.setOffline(true)
      for (let i = 0; i < 3; i++) {
        await addUser(page, names[i], emails[i], i === 0 ? 'user-dialog-permissions.png' : undefined)
        await userRow(page, names[i]).getByTestId('pending-marker').waitFor()
      }
      expect(await page.getByTestId('pending-marker').count()).toBe(3)
      expect(await page.getByTestId('pending-count').textContent()).toBe('3')
      await screenshot(page, 'users-pending.png')
      await page.getByTestId('sync-indicator').click()
      expect(await page.getByTestId('pending-write').count()).toBe(3)
      await screenshot(page, 'sync-popover-pending.png')
      await page.keyboard.press('Escape')
      // Logging out now would lose them: the app asks first.
      await page.getByRole('button', { name: 'Minha conta' }).click()
      await page.getByRole('menuitem', { name: 'Sair' }).click()
      await page.getByRole('dialog').getByText('Há 3 alterações ainda não enviadas ao servidor.', { exact: false }).waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/users')

      // Reload while the writes are queued: they come back from IndexedDB (outbox) and PGlite (local_writes).
      await page.reload()
      for (const name of names) await userRow(page, name).getByTestId('pending-marker').waitFor({ timeout: 30_000 })
      expect((await serverUsers(emails)).length).toBe(0)

      // The first answer gets lost on its way back: the outbox sends it again under the same Idempotency-Key.
      let lost = 0
      await context.route('**/users', async (route) => {
        if (route.request().method() !== 'POST' || lost > 0) return route.fallback()
        lost++
        await route.fetch()
        await route.abort('connectionreset')
      })
      await context.setOffline(false)
      await until('the three users on the server', async () => (await serverUsers(emails)).length === 3)
      for (const name of names) await userRow(page, name).and(page.locator('[data-pending="false"]')).waitFor({ timeout: 30_000 })
      await page.getByTestId('pending-marker').waitFor({ state: 'detached' })
      expect(lost).toBe(1)

      const created = await serverUsers(emails)
      expect(created.map((u) => u.email)).toEqual([...emails].sort())
      expect(await page.getByTestId('failed-marker').count()).toBe(0)
      expect(await page.getByTestId('pending-count').count()).toBe(0)
      const [dashboards] = await withSystem(server.env.services.db, (tx) => tx<{ n: number }[]>`
        select count(*)::int as n from users where email = any(${emails}) and show_dashboard = 'enabled' and profile = 'user'`)
      expect(dashboards.n).toBe(3)

      // Edit and delete go through the outbox too (PUT and DELETE /users/{id}).
      await userRow(page, names[0]).getByRole('button', { name: `Editar ${names[0]}` }).click()
      const dialog = page.getByRole('dialog')
      expect(await dialog.locator('#user-email').inputValue()).toBe(emails[0])
      await dialog.locator('#user-name').fill('Ana Renomeada')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await userRow(page, 'Ana Renomeada').waitFor()
      await userRow(page, names[1]).getByRole('button', { name: `Excluir ${names[1]}` }).click()
      await page.getByRole('dialog').getByText('Deseja realmente excluir este registro?').waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
      await userRow(page, names[1]).waitFor({ state: 'detached' })
      await until('the edit and the delete on the server', async () => {
        const rows = await withSystem(server.env.services.db, (tx) => tx<{ name: string }[]>`select name from users where email = any(${emails}) order by email`)
        return rows.length === 2 && rows[0].name === 'Ana Renomeada'
      })
      await page.getByTestId('pending-marker').waitFor({ state: 'detached' })
    })
  }, TIMEOUT)
})

describe('an offline start keeps the whole app (issue 13)', () => {
  test('the plan-gated menu stays after an offline reload, and a reply made once back online confirms at once', async () => {
    const company = await createCompany(server.env)
    const ticket = await withSystem(server.env.services.db, async (tx) => {
      const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (${company.companyId}, 'Loja', 'simulator', 'CONNECTED') returning id`
      const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Olívia Offline', '5511955551234') returning id`
      const [t] = await tx<{ uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
        values (${company.companyId}, ${c.id}, ${w.id}, 'simulator', 'open', ${company.adminId}) returning uuid::text as uuid`
      return t
    })
    const gated = ['Agendamentos', 'Chat interno']
    await withBrowser(async ({ page, context }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await waitForServiceWorker(page)
      for (const name of gated) await page.getByRole('link', { name }).waitFor({ timeout: FIRST_START_MS })
      await page.goto(url(`/tickets/${ticket.uuid}`))
      await page.getByTestId('ticket-chat').getByTestId('message-input').waitFor({ timeout: FIRST_START_MS })
      await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })

      await context.setOffline(true)
      await page.reload()
      const input = page.getByTestId('ticket-chat').getByTestId('message-input')
      // An offline reload opens the local database cold, as a first start does.
      await input.waitFor({ timeout: FIRST_START_MS })
      await page.locator('[data-sync-state="offline"]').waitFor()
      for (const name of gated) await page.getByRole('link', { name }).waitFor({ timeout: 5_000 })
      // A reply written offline waits in the outbox, listed as a person would say it.
      await input.fill('Anotado, volto já.')
      await input.press('Enter')
      await page.getByTestId('sync-indicator').click()
      await page.getByTestId('pending-write').filter({ hasText: 'Resposta para Olívia Offline: “Anotado, volto já.”' }).waitFor()
      await screenshot(page, 'outbox-popover-reply.png')
      await page.keyboard.press('Escape')
      // Long enough offline for the shape client's backoff to grow past 8 s (it doubles from 1 s).
      await page.waitForTimeout(12_000)

      // Back online: the reply goes out at once, and sync brings it back confirmed without waiting for
      // that backoff (it took 7-11 s here before).
      await context.setOffline(false)
      const sent = Date.now()
      await input.fill('Voltei, já te respondo.')
      await input.press('Enter')
      const bubble = page.getByTestId('message').filter({ hasText: 'Voltei, já te respondo.' })
      await bubble.waitFor()
      await bubble.and(page.locator('[data-local="false"]')).waitFor({ timeout: 30_000 })
      const confirmed = Date.now() - sent
      console.log(`reply confirmed ${confirmed} ms after it was sent, after an offline reload`)
      expect(confirmed).toBeLessThan(6_000)
      for (const name of gated) await page.getByRole('link', { name }).waitFor()
    })
  }, TIMEOUT)
})

/** Opens the sync popover (again, if the indicator was redrawn under it) until `item` shows in it. */
async function openOutboxUntil(page: Page, item: ReturnType<Page['locator']>, timeoutMs = 30_000) {
  await until('the write in the sync popover', async () => {
    if (await item.isVisible()) return true
    if (!(await page.getByText('Alterações não enviadas').isVisible())) await page.getByTestId('sync-indicator').click()
    return false
  }, timeoutMs)
}

describe('nothing lost or frozen (issue 15 items 1 and 2)', () => {
  test('a refused reply holds only its own ticket; a login elsewhere keeps it on this device for the next login here', async () => {
    const company = await createCompany(server.env)
    const [a, b] = await withSystem(server.env.services.db, async (tx) => {
      const [w] = await tx<{ id: number }[]>`insert into whatsapps (company_id, name, channel, status) values (${company.companyId}, 'Loja', 'simulator', 'CONNECTED') returning id`
      const out: { id: number; uuid: string }[] = []
      for (const [name, number] of [['Ana Recusada', '5511955550001'], ['Bia Segue', '5511955550002']]) {
        const [c] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, ${name}, ${number}) returning id`
        const [t] = await tx<{ id: number; uuid: string }[]>`
          insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
          values (${company.companyId}, ${c.id}, ${w.id}, 'simulator', 'open', ${company.adminId}) returning id, uuid::text as uuid`
        out.push(t)
      }
      return out
    })
    const serverBodies = (ticketId: number) =>
      withSystem(server.env.services.db, (tx) => tx<{ body: string }[]>`select body from messages where ticket_id = ${ticketId} order by id`).then((r) => r.map((m) => m.body))
    await withBrowser(async ({ page, context }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await waitForServiceWorker(page)
      const input = page.getByTestId('ticket-chat').getByTestId('message-input')
      await page.goto(url(`/tickets/${a.uuid}`))
      await input.waitFor({ timeout: FIRST_START_MS })
      await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })

      // Offline: one reply to each customer; meanwhile ticket A is closed on the server (the expiry sweep).
      await context.setOffline(true)
      await input.fill('Resposta para Ana')
      await input.press('Enter')
      await page.getByTestId('ticket-row').filter({ hasText: 'Bia Segue' }).click()
      await page.getByTestId('ticket-chat').and(page.locator(`[data-ticket-id="${b.id}"]`)).waitFor()
      await input.fill('Resposta para Bia')
      await input.press('Enter')
      await withSystem(server.env.services.db, (tx) => tx`update tickets set status = 'closed', closed_at = now() where id = ${a.id}`)

      // Back online: A's reply is refused, B's goes out anyway.
      await context.setOffline(false)
      await until("Bia's reply on the server", async () => (await serverBodies(b.id)).includes('Resposta para Bia'))
      expect(await serverBodies(a.id)).toEqual([])
      const refused = page.getByTestId('pending-write').filter({ hasText: '“Resposta para Ana”' })
      await openOutboxUntil(page, refused.and(page.locator('[data-failed="true"]')))
      expect(await page.getByTestId('pending-write').count()).toBe(1)
      await screenshot(page, 'outbox-refused-one-ticket.png')
      await page.keyboard.press('Escape')
      await page.getByTestId('message').filter({ hasText: 'Resposta para Bia' }).and(page.locator('[data-local="false"]')).waitFor({ timeout: 30_000 })

      // The same user logs in on another device: this one ends its session but keeps the refused write.
      await page.locator('[data-realtime="open"]').waitFor({ state: 'attached' })
      await loginToken(server.env, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/login'), { timeout: 30_000 })
      const reason = page.getByTestId('logout-reason')
      await reason.getByText('Sua conta foi acessada em outro computador.').waitFor()
      await reason.getByText('1 alteração não enviada ficou guardada neste aparelho', { exact: false }).waitFor()
      await screenshot(page, 'login-session-replaced-kept.png')
      const storage = await browserStorage(page)
      expect(storage.idb).toContain(`balcao-outbox-${company.companyId}-${company.adminId}`)

      // Her next login here finds it, as she left it: she decides (here: discard).
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      const kept = page.getByTestId('pending-write').filter({ hasText: '“Resposta para Ana”' })
      await openOutboxUntil(page, kept.and(page.locator('[data-failed="true"]')), FIRST_START_MS)
      await kept.getByRole('button', { name: 'Descartar' }).click()
      await page.getByTestId('pending-write').waitFor({ state: 'detached' })
      expect(await serverBodies(a.id)).toEqual([])
    })
  }, TIMEOUT)
})

describe('who sees the page', () => {
  test('a plain user lands on /tickets, gets the no-access view on /users and is sent from /allConnections to /tickets', async () => {
    const company = await createCompany(server.env)
    const plain = await createUser(server.env, company.companyId)
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, plain.email, plain.password)
      await page.waitForURL(url('/tickets'))
      expect(await page.getByRole('link', { name: 'Usuários' }).count()).toBe(0)
      await page.goto(url('/users'))
      await page.getByText('Oops! Acesso Negado!').waitFor()
      expect(await page.getByTestId('user-row').count()).toBe(0)
      // The all-companies connections page sends everyone but the super user to /tickets (spec part 2 §6).
      await page.goto(url('/allConnections'))
      await page.waitForURL(url('/tickets'))
    })
  }, TIMEOUT)
})

describe('logout on a shared computer', () => {
  test("logout wipes the user's local database and outbox; the next user starts from their own", async () => {
    const other = await createCompany(server.env)
    await withBrowser(async ({ page }) => {
      await openUsersPage(page, 'Administrador')
      const mine = (s: { idb: string[]; opfs: string[] }) => [...s.idb, ...s.opfs].filter((n) => n.includes('balcao-1-1') || n.includes('balcao-outbox-1-1'))
      const before = await browserStorage(page)
      expect(before.idb).toContain('balcao-outbox-1-1')
      expect(mine(before).some((n) => n === 'balcao-1-1' || n === '/pglite/balcao-1-1')).toBe(true)

      await page.getByRole('button', { name: 'Minha conta' }).click()
      await page.getByRole('menuitem', { name: 'Sair' }).click()
      await page.waitForURL(url('/login'))
      expect(mine(await browserStorage(page))).toEqual([])

      await loginAs(page, server.baseUrl, other.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await page.getByRole('link', { name: 'Usuários' }).click()
      await userRow(page, 'Admin').waitFor({ timeout: FIRST_START_MS })
      expect(await page.getByTestId('user-row').count()).toBe(1)
      const after = await browserStorage(page)
      const key = `balcao-${other.companyId}-${other.adminId}`
      expect([...after.idb, ...after.opfs].some((n) => n.endsWith(key))).toBe(true)
      expect(mine(after)).toEqual([])
    })
  }, TIMEOUT)
})
