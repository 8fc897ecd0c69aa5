import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany } from '../test/factories.ts'
import { PNG_1PX } from '../test/files.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, loginAs, openBrowser, screenshot, type Server, startServer, until, waitForLanding } from './support/harness.ts'

/**
 * The super user's /announcements page (spec part 2 §2, §3, §5, §6): the required messages, a png-only
 * attachment, a new high-priority announcement with an image that a company admin sees arrive live in the
 * top bar, an edit to inactive without the image, and the delete. Run after `vite build`.
 */
let server: Server
let company: Awaited<ReturnType<typeof createCompany>>
let dir = ''
let pngPath = ''
const TITLE = 'Manutenção programada'

const announcementRow = async (title: string) =>
  withSystem(server.env.services.db, async (tx) => {
    const [row] = await tx<{ id: number; priority: number; status: boolean; mediaName: string | null; mediaPath: string | null }[]>`
      select id, priority, status, media_name, media_path from announcements where title = ${title}`
    return row ?? null
  })

beforeAll(async () => {
  server = await startServer()
  company = await createCompany(server.env)
  dir = mkdtempSync(join(tmpdir(), 'balcao-ann-'))
  pngPath = join(dir, 'aviso.png')
  writeFileSync(pngPath, PNG_1PX)
  // 21 older, inactive announcements: the super user pages through them; company users never see them.
  await withSystem(server.env.services.db, async (tx) => {
    const [me] = await tx<{ companyId: number }[]>`select company_id from users where email = ${ADMIN_EMAIL}`
    for (let i = 1; i <= 21; i++) {
      await tx`insert into announcements (company_id, title, text, priority, status, created_at)
        values (${me.companyId}, ${`Aviso antigo ${String(i).padStart(2, '0')}`}, ${'Texto antigo'}, 3, false, ${new Date(Date.UTC(2026, 0, i, 12))})`
    }
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('announcements', () => {
  test('the super user adds, edits and deletes an announcement; a company admin sees it arrive live', async () => {
    const [operator, admin] = await Promise.all([openBrowser({ width: 1366, height: 820 }), openBrowser({ width: 1366, height: 820 })])
    try {
      // The company admin waits on the top bar, the popover open: nothing to read yet.
      await loginAs(admin.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(admin.page)
      await admin.page.locator('[data-realtime="open"]').waitFor({ state: 'attached' })
      await admin.page.getByRole('button', { name: 'Informativos' }).click()
      await admin.page.getByText('Nenhum informativo').waitFor()

      const page = operator.page
      await loginAs(page, server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD)
      await waitForLanding(page)
      // The menu has the page for the super user.
      await page.getByRole('link', { name: 'Informativos' }).first().click()
      await page.waitForURL((u) => u.pathname === '/announcements')
      await page.getByTestId('announcements-title').waitFor()
      expect(await page.getByTestId('announcements-title').textContent()).toBe('Informativos')
      const rows = page.getByTestId('announcement-row')

      // 20 a page, then "Carregar mais" for the rest; the search goes to the server.
      await until('the first page', async () => (await rows.count()) === 20)
      expect(await rows.first().textContent()).toContain('Aviso antigo 21') // the newest first
      expect(await rows.first().textContent()).toContain('Inativo')
      await page.getByTestId('announcements-more').click()
      await until('the second page', async () => (await rows.count()) === 21)
      expect(await page.getByTestId('announcements-more').count()).toBe(0)
      await page.getByRole('searchbox', { name: 'Pesquisar informativo' }).fill('ANTIGO 07')
      await until('the search', async () => (await rows.count()) === 1)
      expect(await rows.first().textContent()).toContain('Aviso antigo 07')
      await page.getByRole('searchbox', { name: 'Pesquisar informativo' }).fill('')
      await until('the whole list again', async () => (await rows.count()) === 20)

      // An empty form: the required messages, nothing sent.
      await page.getByRole('button', { name: 'Adicionar' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Novo informativo').waitFor()
      expect(await page.locator('#announcement-priority').inputValue()).toBe('3')
      expect(await dialog.getByRole('switch', { name: 'Ativo' }).isChecked()).toBe(true)
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await until('both required messages', async () => (await dialog.getByText('Obrigatório', { exact: true }).count()) === 2)
      expect(await page.locator('#announcement-title-error').textContent()).toBe('Obrigatório')

      // A pdf is refused at once; the png is taken.
      await page.locator('#announcement-file').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
      await dialog.getByText('Apenas arquivos png, jpg ou jpeg são aceitos.').waitFor()
      await page.locator('#announcement-title').fill(TITLE)
      await page.locator('#announcement-text').fill('O sistema ficará fora do ar no sábado, das 22h às 23h.')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await page.waitForTimeout(300)
      expect(await announcementRow(TITLE)).toBeNull()
      await page.locator('#announcement-priority').selectOption({ label: 'Alta' })
      // A pdf named .png passes here but not the server's content check: the announcement is saved, the
      // reason shows under the attachment, no success toast, and the dialog now edits the saved record.
      await page.locator('#announcement-file').setInputFiles({ name: 'falso.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not an image') })
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await until('the refusal under the attachment', async () => (await page.locator('#announcement-file-error').count()) === 1)
      expect(await page.locator('#announcement-file-error').textContent()).toBe('Tipo de arquivo não permitido.')
      await dialog.getByText('Editar informativo').waitFor()
      expect(await page.getByText('Informativo salvo com sucesso!').count()).toBe(0)
      expect(await announcementRow(TITLE)).toMatchObject({ priority: 1, mediaName: null })
      await page.locator('#announcement-file').setInputFiles(pngPath)
      await until('the png chosen', async () => (await page.getByTestId('announcement-file-name').textContent()) === 'aviso.png')
      expect(await dialog.getByText('Apenas arquivos png, jpg ou jpeg são aceitos.').count()).toBe(0)
      expect(await page.locator('#announcement-file-error').count()).toBe(0)
      await screenshot(page, 'announcements-dialog.png')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await page.getByText('Informativo salvo com sucesso!').first().waitFor()
      await dialog.waitFor({ state: 'detached' })
      expect(await rows.filter({ hasText: TITLE }).count()).toBe(1) // saved once, not twice

      // The table: first (most urgent), Alta in red, active, the image's name, the date.
      const row = rows.filter({ hasText: TITLE })
      await row.waitFor()
      expect(await rows.first().textContent()).toContain(TITLE)
      const priority = row.getByTestId('announcement-priority')
      expect(await priority.textContent()).toBe('Alta')
      expect(await priority.getAttribute('data-priority')).toBe('1')
      expect(await row.getByTestId('announcement-media').textContent()).toBe('aviso.png')
      expect(await row.textContent()).toContain('Ativo')
      expect(await row.textContent()).toMatch(/\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/)
      const saved = await announcementRow(TITLE)
      expect(saved).toMatchObject({ priority: 1, status: true, mediaName: 'aviso.png' })
      expect(saved!.mediaPath).toBeTruthy()
      await screenshot(page, 'announcements-page.png')

      // The company admin's open popover gets it live, with the red priority bar, and opens it with its image.
      const item = admin.page.getByRole('button', { name: new RegExp(TITLE) })
      await item.waitFor()
      expect(await item.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(220, 38, 38)')
      expect(await admin.page.getByText('Aviso antigo 01').count()).toBe(0)
      await screenshot(admin.page, 'announcements-popover-live.png')
      await item.click()
      const viewer = admin.page.getByRole('dialog')
      await viewer.getByText('O sistema ficará fora do ar no sábado, das 22h às 23h.').waitFor()
      await until('the image', async () => (await viewer.locator('img').count()) === 1 && (await viewer.locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth)) === 1)
      await viewer.getByRole('button', { name: 'Fechar' }).click()

      // Edit: inactive, and the image removed (DELETE …/media-upload).
      await row.getByRole('button', { name: 'Editar' }).click()
      await dialog.getByText('Editar informativo').waitFor()
      expect(await page.locator('#announcement-title').inputValue()).toBe(TITLE)
      expect(await page.locator('#announcement-priority').inputValue()).toBe('1')
      await dialog.getByText('Anexo atual: aviso.png').waitFor()
      await dialog.getByRole('switch', { name: 'Ativo' }).click()
      await dialog.getByRole('button', { name: 'Remover anexo' }).click()
      await dialog.getByText('O anexo aviso.png será removido ao salvar.').waitFor()
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await dialog.waitFor({ state: 'detached' })
      await until('inactive without its image', async () => (await row.getAttribute('data-status')) === 'inactive' && (await row.getByTestId('announcement-media').textContent()) === '—')
      expect(await row.textContent()).toContain('Inativo')
      expect(await announcementRow(TITLE)).toMatchObject({ status: false, mediaName: null, mediaPath: null })
      await screenshot(page, 'announcements-edited.png')

      // Delete, after the confirmation.
      await row.getByRole('button', { name: 'Excluir' }).click()
      const confirm = page.getByRole('dialog')
      await confirm.getByText('Exclusão de Registro').waitFor()
      await confirm.getByText(`Deseja realmente excluir o informativo “${TITLE}”?`).waitFor()
      await confirm.getByRole('button', { name: 'Excluir' }).click()
      await page.getByText('Informativo excluído com sucesso!').first().waitFor()
      await until('the row gone', async () => (await rows.filter({ hasText: TITLE }).count()) === 0)
      expect(await announcementRow(TITLE)).toBeNull()

      // The company admin, after a reload, has nothing to read again.
      await admin.page.reload()
      await admin.page.getByRole('button', { name: 'Informativos' }).click()
      await admin.page.getByText('Nenhum informativo').waitFor()
    } finally {
      await Promise.all([operator.close(), admin.close()])
    }
  }, 180_000)

  test('a company admin without the super flag is sent home from /announcements', async () => {
    const { page, close } = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      expect(await page.getByRole('link', { name: 'Informativos' }).count()).toBe(0)
      await page.goto(`${server.baseUrl}/announcements`)
      await page.getByText('Você não tem permissão para acessar esta página! Estamos lhe redirecionando.').first().waitFor()
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 })
    } finally {
      await close()
    }
  }, 60_000)
})
