import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createCompany, createUser } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForLanding } from './support/harness.ts'

/**
 * The internal chat end to end in Chromium against the real server: an admin creates a chat with a plain
 * user and writes in it; the user's top-bar badge goes to 1 live, the popover opens the chat, the message
 * is there and the badge goes back to 0; whitespace is never sent; the user's reply reaches the admin live;
 * narrow screens get the Chats and Messages tabs; offline the page says it needs a connection.
 * Run after `vite build`: `bun test ./e2e/chats.e2e.ts`.
 */
const TIMEOUT = 120_000
const server = fileServer()


async function login(page: Page, email: string, password: string) {
  await loginAs(page, server.baseUrl, email, password)
  await waitForLanding(page)
}

const badge = (page: Page) => page.getByTestId('chats-unread-total')
const messages = (page: Page) => page.getByTestId('chat-message')

describe('internal chat', () => {
  test('a message from the admin reaches the user live: badge, popover, read; whitespace is not sent', async () => {
    const company = await createCompany(server.env)
    const ana = await createUser(server.env, company.companyId, { name: 'Ana Atendente' })
    const [admin, user] = await Promise.all([openBrowser(), openBrowser()])
    try {
      await Promise.all([login(admin.page, company.adminEmail, 'admin-pass'), login(user.page, ana.email, ana.password)])
      // The user's popover is there (the plan has useInternalChat) and shows no unread count yet.
      await user.page.getByTestId('chats-popover-button').waitFor()
      expect(await badge(user.page).count()).toBe(0)

      // The admin opens the page from the menu; saving needs a title and a user.
      const a = admin.page
      await a.getByRole('link', { name: 'Chat interno' }).click()
      await a.waitForURL(`${server.baseUrl}/chats`)
      await a.getByRole('button', { name: 'Nova conversa' }).click()
      const dialog = a.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.getByText('Informe o título').waitFor()
      await dialog.getByText('Selecione ao menos um usuário').waitFor()
      await dialog.locator('#chat-title').fill('Equipe de suporte')
      await dialog.getByRole('checkbox', { name: 'Ana Atendente' }).check({ timeout: 30_000 })
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await a.waitForURL(/\/chats\/[0-9a-f-]{36}$/)
      await a.getByTestId('chat-title').filter({ hasText: 'Equipe de suporte' }).waitFor()
      // The owner may edit and delete.
      await a.getByRole('button', { name: 'Editar conversa' }).waitFor()

      await a.getByTestId('chat-input').fill('Bom dia, equipe!')
      await a.getByTestId('chat-input').press('Enter')
      await messages(a).filter({ hasText: 'Bom dia, equipe!' }).and(a.locator('[data-mine="true"]')).waitFor()

      // The user: the badge goes to 1 without a reload; the popover lists the chat with its last message.
      const u = user.page
      await until('the unread badge to show 1', async () => (await badge(u).count()) === 1 && (await badge(u).textContent()) === '1')
      await u.getByTestId('chats-popover-button').click()
      const item = u.getByTestId('chats-popover-item').filter({ hasText: 'Equipe de suporte' })
      await item.filter({ hasText: 'Bom dia, equipe!' }).waitFor()
      await item.click()
      await u.waitForURL(a.url())
      await messages(u).filter({ hasText: 'Bom dia, equipe!' }).and(u.locator('[data-mine="false"]')).waitFor()
      expect(await messages(u).first().textContent()).toContain('Admin')
      await until('the badge to clear once read', async () => (await badge(u).count()) === 0)
      // Not the owner: no edit or delete.
      expect(await u.getByRole('button', { name: 'Editar conversa' }).count()).toBe(0)
      expect(await u.getByRole('button', { name: 'Excluir conversa' }).count()).toBe(0)

      // Whitespace only: nothing is sent, the send button stays off.
      const posts: string[] = []
      u.on('request', (r) => {
        if (r.method() === 'POST' && /\/chats\/\d+\/messages$/.test(r.url())) posts.push(r.url())
      })
      await u.getByTestId('chat-input').fill('   \n  ')
      await u.getByTestId('chat-input').press('Enter')
      expect(await u.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true)
      await u.waitForTimeout(500)
      expect(posts).toEqual([])
      expect(await messages(u).count()).toBe(1)

      // A real reply reaches the admin's open chat live, on the left.
      await u.getByTestId('chat-input').fill('Bom dia!')
      await u.getByTestId('chat-input').press('Enter')
      await messages(a).filter({ hasText: 'Bom dia!' }).and(a.locator('[data-mine="false"]')).waitFor()
      expect(posts.length).toBe(1)
      await screenshot(u, 'chats-user.png')

      // Below 600 px: two tabs, Chats and Messages; picking a chat shows its messages.
      await u.setViewportSize({ width: 400, height: 760 })
      await u.getByRole('tab', { name: 'Chats' }).click()
      await u.getByTestId('chat-list-item').filter({ hasText: 'Equipe de suporte' }).click()
      await u.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor()
      await messages(u).filter({ hasText: 'Bom dia, equipe!' }).waitFor()
      await screenshot(u, 'chats-narrow.png')

      // Online only: offline the page says so; back online the chat is there again.
      await user.context.setOffline(true)
      await u.getByText('Sem conexão: o chat interno precisa de internet.', { exact: false }).waitFor()
      expect(await messages(u).count()).toBe(0)
      await user.context.setOffline(false)
      await messages(u).filter({ hasText: 'Bom dia, equipe!' }).waitFor()
    } finally {
      await Promise.all([admin.close(), user.close()])
    }
  }, TIMEOUT)

  test('older messages load when the pane is scrolled near the top', async () => {
    const company = await createCompany(server.env)
    const bia = await createUser(server.env, company.companyId, { name: 'Bia' })
    const token = company.adminToken
    const created = await call(server.env, 'POST', '/chats', { token, json: { title: 'Histórico', users: [bia.id] } })
    expect(created.status).toBe(201)
    for (let i = 1; i <= 45; i++) {
      const res = await call(server.env, 'POST', `/chats/${created.body.id}/messages`, { token, json: { message: `mensagem ${i}` } })
      expect(res.status).toBe(201)
    }
    const admin = await openBrowser()
    try {
      const page = admin.page
      await login(page, company.adminEmail, 'admin-pass')
      await page.goto(`${server.baseUrl}/chats/${created.body.uuid}`)
      // The pane opens at the newest page (20) and stays there until scrolled up.
      const pane = page.getByTestId('chat-messages')
      const count = () => messages(page).count()
      await messages(page).filter({ has: page.getByText('mensagem 45', { exact: true }) }).waitFor()
      await page.waitForTimeout(300)
      expect(await count()).toBe(20)
      // Within 600 px of the top the page before loads, and the reader keeps their place (no second load).
      await pane.evaluate((el) => el.scrollTo({ top: 0 }))
      await until('the second page', async () => (await count()) === 40)
      await page.waitForTimeout(300)
      expect(await count()).toBe(40)
      expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(600)
      await pane.evaluate((el) => el.scrollTo({ top: 0 }))
      await messages(page).filter({ has: page.getByText('mensagem 1', { exact: true }) }).waitFor()
      expect(await messages(page).count()).toBe(45)
    } finally {
      await admin.close()
    }
  }, TIMEOUT)

  test('the owner renames the chat, takes a user out and deletes it after confirming; the others see each change live', async () => {
    const company = await createCompany(server.env)
    const ana = await createUser(server.env, company.companyId, { name: 'Ana' })
    const bia = await createUser(server.env, company.companyId, { name: 'Bia' })
    const { body: chat } = await call(server.env, 'POST', '/chats', { token: company.adminToken, json: { title: 'Escala', users: [ana.id, bia.id] } })
    const [admin, user] = await Promise.all([openBrowser(), openBrowser()])
    try {
      await Promise.all([login(admin.page, company.adminEmail, 'admin-pass'), login(user.page, ana.email, ana.password)])
      const a = admin.page
      const u = user.page
      await Promise.all([a.goto(`${server.baseUrl}/chats/${chat.uuid}`), u.goto(`${server.baseUrl}/chats`)])
      const anaItem = u.getByTestId('chat-list-item')
      await anaItem.filter({ hasText: 'Escala' }).waitFor()

      await a.getByRole('button', { name: 'Editar conversa' }).click()
      const dialog = a.getByRole('dialog')
      await dialog.locator('#chat-title').fill('Escala de dezembro')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await anaItem.filter({ hasText: 'Escala de dezembro' }).waitFor()

      // Ana taken out: the chat leaves her list without a reload.
      await a.getByRole('button', { name: 'Editar conversa' }).click()
      await dialog.getByRole('checkbox', { name: 'Ana' }).uncheck({ timeout: 30_000 })
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await until('the chat to leave the removed user', async () => (await anaItem.count()) === 0)

      // Delete asks first; cancelling keeps the chat, confirming removes it and closes the pane.
      await a.getByRole('button', { name: 'Excluir conversa' }).click()
      await dialog.getByRole('button', { name: 'Cancelar' }).click()
      await dialog.waitFor({ state: 'detached' })
      // (The admin's API token ended when the admin logged in in the browser: one session per user.)
      expect((await call(server.env, 'GET', `/chats/${chat.id}`, { token: bia.token })).status).toBe(200)
      await a.getByRole('button', { name: 'Excluir conversa' }).click()
      await dialog.getByRole('button', { name: 'Excluir' }).click()
      await a.waitForURL(`${server.baseUrl}/chats`)
      await until('the chat to leave the owner list', async () => (await a.getByTestId('chat-list-item').count()) === 0)
      expect((await call(server.env, 'GET', `/chats/${chat.id}`, { token: bia.token })).status).toBe(404)
    } finally {
      await Promise.all([admin.close(), user.close()])
    }
  }, TIMEOUT)
})
