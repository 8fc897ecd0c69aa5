import { describe, expect, test } from 'bun:test'
import { createCompany, createConnection, createPlan, createUser, loginToken, superToken } from '../test/factories.ts'
import { withSystem } from '../server/db/tenant.ts'
import { formWith, PNG_1PX } from '../test/files.ts'
import { call } from '../test/http.ts'
import { fileServer, ADMIN_EMAIL, ADMIN_PASSWORD, loginAs, openBrowser, screenshot, until, waitForServiceWorker, type Browser } from './support/harness.ts'

/**
 * The PWA shell in Debian Chromium against the real server (spec part 1 §2 login, layout, route guard;
 * §4 session; part 2 §4 theme and subscription expiry; §5 sign-up link). Run after `vite build`:
 * `bun test ./e2e/shell.e2e.ts`.
 */
const TIMEOUT = 90_000
const server = fileServer()


/** Each test gets its own browser profile, closed even when the test fails. */
async function withBrowser(fn: (b: Browser) => Promise<void>, viewport?: { width: number; height: number }) {
  const browser = await openBrowser(viewport)
  try {
    await fn(browser)
  } finally {
    await browser.close()
  }
}

const url = (path: string) => `${server.baseUrl}${path}`

describe('login', () => {
  test('the super user lands on the dashboard at / with the greeting, company and version', async () => {
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await page.waitForURL(url('/'))
      await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Olá, Administrador!')
      expect(await page.getByTestId('greeting').textContent()).toContain('Empresa 1')
      await page.getByTestId('dashboard-title').waitFor()
      await page.getByTestId('app-version').getByText('2.2.2v-26').waitFor()
      expect(await page.evaluate(() => localStorage.getItem('version'))).toBe('2.2.2v-26')
      expect(await page.title()).toBe('Balcão')
      await screenshot(page, 'shell-desktop.png')
    })
  }, TIMEOUT)

  test('a wrong password shows the translated error toast and stays on /login', async () => {
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, 'not-the-password')
      const toast = page.getByRole('alert')
      await toast.waitFor()
      expect(await toast.textContent()).toContain('Erro de autenticação')
      await screenshot(page, 'login-error.png')
      expect(new URL(page.url()).pathname).toBe('/login')
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    })
  }, TIMEOUT)
})

describe('shell', () => {
  test('speaks Portuguese by default and English after switching in the user menu', async () => {
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await page.waitForURL(url('/'))
      await page.getByText('Filtrar por').waitFor()
      expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(1)
      expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')

      await page.getByRole('button', { name: 'Minha conta' }).click()
      await page.getByRole('menuitem', { name: 'English' }).click()
      await page.getByText('Filter by').waitFor()
      expect(await page.getByTestId('greeting').textContent()).toContain('Hello, Administrador!')
      expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(1)
      expect(await page.getByRole('button', { name: 'My account' }).count()).toBe(1)
      expect(await page.locator('html').getAttribute('lang')).toBe('en')

      await page.reload()
      await page.getByText('Filter by').waitFor()
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')
    })
  }, TIMEOUT)

  test('the theme toggle persists across a reload', async () => {
    await withBrowser(async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await page.waitForURL(url('/'))
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
      expect(await isDark()).toBe(false)
      await page.getByRole('button', { name: 'Alternar tema claro/escuro' }).click()
      expect(await isDark()).toBe(true)
      await page.reload()
      await page.getByTestId('greeting').waitFor()
      expect(await isDark()).toBe(true)
      expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).toBe('dark')
      await screenshot(page, 'shell-dark.png')
    })
  }, TIMEOUT)

  test('at 400 px the drawer is temporary and opens over the page', async () => {
    await withBrowser(
      async ({ page }) => {
        await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
        await page.waitForURL(url('/'))
        await page.getByTestId('dashboard-title').waitFor()
        expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
        await screenshot(page, 'shell-400.png')
        await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click()
        await page.getByRole('link', { name: 'Dashboard' }).waitFor()
        await page.waitForTimeout(400) // the slide-in transition
        await screenshot(page, 'shell-400-drawer.png')
        await page.keyboard.press('Escape')
        await page.getByRole('link', { name: 'Dashboard' }).waitFor({ state: 'detached' })
      },
      { width: 400, height: 800 },
    )
  }, TIMEOUT)
})

describe('to-do list (issue 17)', () => {
  test('tasks are added, edited with Salvar, deleted, blank ones ignored, and kept across a reload', async () => {
    const company = await createCompany(server.env)
    const u = await createUser(server.env, company.companyId)
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, u.email, u.password)
      await page.waitForURL(url('/tickets')) // a plain user's landing page
      await page.getByRole('link', { name: 'Tarefas' }).click()
      await page.waitForURL(url('/todolist'))
      const text = page.getByTestId('task-text')
      const submit = page.getByTestId('task-submit')
      for (const task of ['Ligar para a Rita', '   ', 'Conferir boletos']) {
        await text.fill(task)
        await submit.click()
      }
      await until('two tasks', async () => (await page.getByTestId('task').count()) === 2)
      await page.getByTestId('task').first().getByTestId('task-edit').click()
      expect(await submit.textContent()).toBe('Salvar')
      await text.fill('Ligar para a Rita às 15h')
      await submit.click()
      expect(await submit.textContent()).toBe('Adicionar')
      await page.getByTestId('task').filter({ hasText: 'Conferir boletos' }).getByTestId('task-delete').click()
      await page.reload()
      await page.getByTestId('task').first().waitFor()
      expect(await page.getByTestId('task').allTextContents()).toEqual([expect.stringContaining('Ligar para a Rita às 15h')])
      await screenshot(page, 'todolist-1280-light.png')
      await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'))
      await page.setViewportSize({ width: 390, height: 844 })
      await page.reload()
      await page.getByTestId('task').first().waitFor()
      await screenshot(page, 'todolist-390-dark.png')
    })
  }, TIMEOUT)
})

describe('session', () => {
  test('logout returns to /login and a private route then redirects to /login', async () => {
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await page.waitForURL(url('/'))
      await page.getByRole('button', { name: 'Minha conta' }).click()
      await page.getByRole('menuitem', { name: 'Sair' }).click()
      await page.waitForURL(url('/login'))
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      await page.goto(url('/users'))
      await page.waitForURL(url('/login'))
      await page.locator('#email').waitFor()
    })
  }, TIMEOUT)

  test('an authenticated user visiting /login goes to /', async () => {
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await page.waitForURL(url('/'))
      await page.goto(url('/login'))
      await page.waitForURL(url('/'))
      await page.getByTestId('greeting').waitFor()
    })
  }, TIMEOUT)

  test('an admin of an expired company lands on /financeiro-aberto', async () => {
    const company = await createCompany(server.env, { dueDate: '2020-01-15' })
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/financeiro-aberto'))
      expect(await page.getByTestId('expired-message').textContent()).toContain('15/01/2020')
      await screenshot(page, 'expired.png')
      await page.goto(url('/'))
      await page.waitForURL(url('/financeiro-aberto'))
      await page.getByRole('button', { name: 'Sair' }).click()
      await page.waitForURL(url('/login'))
    })
  }, TIMEOUT)
})

describe('sign-up link and permissions', () => {
  test('the sign-up link shows only while allowSignup is enabled', async () => {
    const token = await superToken(server.env)
    await withBrowser(async ({ page }) => {
      await page.goto(url('/login'))
      await page.locator('#email').waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.getByTestId('signup-link').count()).toBe(0)

      const res = await call(server.env, 'PUT', '/settings/allowSignup', { token, json: { value: 'enabled' } })
      expect(res.status).toBe(200)
      try {
        await page.reload()
        await page.getByTestId('signup-link').click()
        await page.waitForURL(url('/signup'))
        await page.locator('#signup-companyName').waitFor()
        await page.locator('form button[type="submit"]').click()
        expect(await page.getByText('Required').count()).toBeGreaterThan(0)
        await screenshot(page, 'signup-required.png')
      } finally {
        await call(server.env, 'PUT', '/settings/allowSignup', { token, json: { value: 'disabled' } })
      }
    })
  }, TIMEOUT)

  test('a plain user without showDashboard sees the 403 page on a management route', async () => {
    const company = await createCompany(server.env)
    const user = await createUser(server.env, company.companyId, { showDashboard: 'disabled' })
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, user.email, user.password)
      await page.waitForURL(url('/tickets')) // a plain user's landing page
      await page.goto(url('/reports'))
      await page.getByText('Oops! Acesso Negado!').waitFor()
      await screenshot(page, 'forbidden.png')
      await page.getByRole('button', { name: 'Voltar para Atendimentos' }).click()
      await page.waitForURL(url('/tickets'))
    })
  }, TIMEOUT)

  test('help videos appear in the menu once one exists and play in a modal that Escape closes', async () => {
    const token = await superToken(server.env)
    const created = await call(server.env, 'POST', '/helps', { token, json: { title: 'Primeiros passos', description: 'Como começar', video: 'dQw4w9WgXcQ' } })
    expect(created.status).toBe(201)
    try {
      await withBrowser(async ({ page }) => {
        await page.route('https://img.youtube.com/**', (route) => route.fulfill({ status: 204 }))
        await page.route('https://www.youtube.com/**', (route) => route.fulfill({ status: 200, body: '<html></html>', contentType: 'text/html' }))
        await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
        await page.waitForURL(url('/'))
        await page.getByRole('link', { name: 'Ajuda' }).click()
        await page.waitForURL(url('/helps'))
        await page.getByRole('button', { name: /Primeiros passos/ }).click()
        const video = page.getByRole('dialog').locator('iframe')
        await video.waitFor()
        await page.waitForTimeout(300) // the fade-in transition
        await screenshot(page, 'help-video.png')
        expect(await video.getAttribute('src')).toContain('youtube.com/embed/dQw4w9WgXcQ')
        await page.keyboard.press('Escape')
        await video.waitFor({ state: 'detached' })
      })
    } finally {
      await call(server.env, 'DELETE', `/helps/${created.body.id}`, { token })
    }
  }, TIMEOUT)
})

describe('sign-up, top bar and profile', () => {
  test('signing up on a public plan shows the success toast and leads to /login', async () => {
    const token = await superToken(server.env)
    const planId = await createPlan(server.env, { name: 'Plano Público E2E', users: 3, connections: 2, queues: 4, amount: 149.9, isPublic: true })
    await call(server.env, 'PUT', '/settings/allowSignup', { token, json: { value: 'enabled' } })
    // The trial's due date comes from the server's clock and the expiry check from the browser's, so both
    // read today here: on the fixed test clock a 7-day trial had ended by the browser's date.
    const fixed = server.env.clock.now
    server.env.clock.now = new Date()
    try {
      await withBrowser(async ({ page }) => {
        await page.goto(url('/signup'))
        const option = page.locator(`#signup-planId option[value="${planId}"]`)
        await option.waitFor({ state: 'attached' })
        expect((await option.textContent())?.replace(/\s/g, ' ')).toBe('Plano Público E2E - Atendentes: 3 - Conexões: 2 - Filas: 4 - R$ 149,90')
        await page.locator('#signup-name').fill('A')
        await page.locator('form button[type="submit"]').click()
        await page.getByText('Too Short!').waitFor()
        await page.locator('#signup-name').fill('Ana Souza')
        await page.locator('#signup-companyName').fill('Loja da Ana')
        await page.locator('#signup-email').fill('ana.e2e@test.local')
        await page.locator('#signup-phone').fill('5511999990000')
        await page.locator('#signup-password').fill('senha-123')
        await page.locator('#signup-planId').selectOption(String(planId))
        await page.locator('form button[type="submit"]').click()
        await page.waitForURL(url('/login'))
        await page.getByRole('status').getByText('Cadastro realizado com sucesso!').waitFor()
        await loginAs(page, server.baseUrl, 'ana.e2e@test.local', 'senha-123')
        await page.waitForURL(url('/'))
        // A new company's first start opens its local database cold before the shell paints.
        await page.getByTestId('greeting').waitFor({ timeout: 45_000 })
        expect(await page.getByTestId('greeting').textContent()).toContain('Olá, Ana Souza!')
      })
    } finally {
      server.env.clock.now = fixed
      await call(server.env, 'PUT', '/settings/allowSignup', { token, json: { value: 'disabled' } })
    }
  }, TIMEOUT)

  test('an admin whose subscription is due in 2 days sees the warning banner', async () => {
    const due = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    const company = await createCompany(server.env, { dueDate: due })
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await page.getByText('Sua assinatura vence em 2 dias').waitFor()
    })
  }, TIMEOUT)

  test('an announcement shows in the top bar by priority and opens with its image', async () => {
    const token = await superToken(server.env)
    const created = await call(server.env, 'POST', '/announcements', { token, json: { title: 'Manutenção', text: 'Sábado às 22h.', priority: 1 } })
    expect(created.status).toBe(201)
    const upload = await call(server.env, 'POST', `/announcements/${created.body.id}/media-upload`, { token, form: formWith('file', PNG_1PX, 'aviso.png', 'image/png') })
    expect(upload.status).toBe(200)
    try {
      await withBrowser(async ({ page }) => {
        await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
        await page.waitForURL(url('/'))
        await page.getByRole('button', { name: 'Informativos' }).click()
        const item = page.getByRole('button', { name: /Manutenção/ })
        expect(await item.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(220, 38, 38)')
        await screenshot(page, 'announcements-popover.png')
        await item.click()
        const dialog = page.getByRole('dialog')
        await dialog.getByText('Sábado às 22h.').waitFor()
        const img = dialog.locator('img')
        await img.waitFor()
        expect(await img.getAttribute('src')).toStartWith('blob:')
        expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1)
        await page.waitForTimeout(300) // the fade-in transition
        await screenshot(page, 'announcement-dialog.png')
      })
    } finally {
      await call(server.env, 'DELETE', `/announcements/${created.body.id}`, { token })
    }
  }, TIMEOUT)

  test('the profile dialog validates and saves the own name of the user', async () => {
    const company = await createCompany(server.env)
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await page.getByRole('button', { name: 'Minha conta' }).click()
      await page.getByRole('menuitem', { name: 'Perfil' }).click()
      await page.locator('#profile-name').fill('B')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Too Short!').waitFor()
      await page.locator('#profile-name').fill('Beatriz Admin')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Perfil atualizado com sucesso!').waitFor()
      expect(await page.getByTestId('greeting').textContent()).toContain('Olá, Beatriz Admin!')
    })
  }, TIMEOUT)

  test('a login elsewhere ends this session: message, local data wiped, back to /login', async () => {
    const company = await createCompany(server.env)
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await page.locator('[data-realtime="open"]').waitFor({ state: 'attached' })
      await loginToken(server.env, company.adminEmail, 'admin-pass')
      await page.getByText('Sua conta foi acessada em outro computador.').first().waitFor()
      await page.waitForURL(url('/login'))
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
      // The login page says why; with nothing unsent there is nothing kept to mention.
      await page.getByTestId('logout-reason').getByText('Sua conta foi acessada em outro computador.').waitFor()
      expect(await page.getByTestId('logout-reason').textContent()).not.toContain('alteraç')
    })
  }, TIMEOUT)

  test("an admin's new password for this user ends the session here and the login page says why", async () => {
    const company = await createCompany(server.env)
    const u = await createUser(server.env, company.companyId)
    await withBrowser(async ({ page }) => {
      await loginAs(page, server.baseUrl, u.email, u.password)
      await page.waitForURL(url('/tickets')) // a plain user's landing page
      await page.locator('[data-realtime="open"]').waitFor({ state: 'attached' })
      const reset = await call(server.env, 'PUT', `/users/${u.id}`, { token: company.adminToken, json: { password: 'reset-by-admin-7' } })
      expect(reset.status).toBe(200)
      await page.waitForURL(url('/login'))
      await page.getByTestId('logout-reason').getByText('Sua senha foi alterada. Entre novamente.').waitFor()
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    })
  }, TIMEOUT)

  test('under the security headers the service worker, PGlite, the socket and the emoji picker work, with no policy violation', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const ticket = await withSystem(server.env.services.db, async (tx) => {
      const [contact] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Cliente CSP', '5511955550777') returning id`
      const [t] = await tx<{ uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
        values (${company.companyId}, ${contact.id}, ${conn.id}, 'simulator', 'open', ${company.adminId}) returning uuid::text as uuid`
      return t
    })
    await withBrowser(async ({ page }) => {
      const violations: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`))
      })
      const first = await page.goto(url('/login'))
      expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await page.waitForURL(url('/'))
      await waitForServiceWorker(page)
      await page.locator('[data-realtime="open"]').waitFor({ state: 'attached' })
      // The chat is read from the browser's PGlite, filled by the shapes.
      await page.goto(url(`/tickets/${ticket.uuid}`))
      const chat = page.getByTestId('ticket-chat')
      await chat.getByTestId('message-input').waitFor({ timeout: 45_000 })
      await chat.getByTestId('emoji-open').click()
      await page.getByTestId('emoji-picker').locator('button[data-epr-unified="1f600"]').waitFor({ timeout: 20_000 })
      await screenshot(page, 'csp-emoji-picker.png')
      expect(violations).toEqual([])
    })
  }, TIMEOUT)
})

