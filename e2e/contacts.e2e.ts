import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { FakeSocket } from '../workers/channels/baileys/fake-socket.ts'
import { fakePhoneHost } from '../workers/channels/baileys/test-support.ts'
import { SessionManager } from '../workers/session-manager.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * The Contacts pages end to end in Chromium against the real server: an admin sees the synced contacts
 * (with tags and status) on /contacts, adds one offline (pending at once, confirmed when the network
 * returns), then imports a 1,000-row CSV through /contacts/import (mapping, preview, counts) and finds the
 * imported contacts in the list. Run after `vite build`: `bun test ./e2e/contacts.e2e.ts`.
 */
const TIMEOUT = 240_000
const FIRST_START_MS = 45_000
const server = fileServer()



const row = (page: Page, text: string) => page.getByTestId('contact-row').filter({ hasText: text })

/**
 * 1,000 data rows: 995 new contacts (tagged 'Lote A'), 2 numbers the company already has, 2 rows without
 * a name (ignored) and 1 implausible number (invalid). Semicolons and a header in Portuguese, as exported by Excel.
 */
function importCsv(): string {
  const lines = ['Nome;Celular;E-mail;Cidade;Etiquetas']
  for (let i = 1; i <= 995; i++) lines.push(`Importado ${String(i).padStart(4, '0')};55119${80000000 + i};imp${i}@test.local;São Paulo;Lote A`)
  lines.push('Duplicado Um;5511911110001;;;', 'Duplicado Dois;5511911110002;;;')
  lines.push(';5511970000001;;;', ';5511970000002;;;')
  lines.push('Número Ruim;12345678;;;')
  return `${lines.join('\n')}\n`
}

function serverContactCount(companyId: number, pattern: string) {
  return withSystem(server.env.services.db, async (tx) => {
    const [r] = await tx<{ n: number }[]>`select count(*)::int as n from contacts where company_id = ${companyId} and name like ${pattern}`
    return r.n
  })
}

describe('contacts pages', () => {
  test('an admin lists synced contacts, adds one offline, and imports a 1,000-row CSV', async () => {
    const company = await createCompany(server.env)
    await withSystem(server.env.services.db, async (tx) => {
      const [bia] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number, email) values
        (${company.companyId}, 'Bia Sincronizada', '5511911110001', 'bia@test.local') returning id`
      await tx`insert into contacts (company_id, name, number, active) values (${company.companyId}, 'Caio Bloqueado', '5511911110002', false)`
      const [vip] = await tx<{ id: number }[]>`insert into tags (company_id, name, color) values (${company.companyId}, 'VIP', '#7c3aed') returning id`
      await tx`insert into contact_tags (company_id, contact_id, tag_id) values (${company.companyId}, ${bia.id}, ${vip.id})`
    })
    const { page, context, close } = await openBrowser()
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await waitForServiceWorker(page)
      await page.getByRole('link', { name: 'Contatos' }).click()
      await page.waitForURL(`${server.baseUrl}/contacts`)
      await row(page, 'Bia Sincronizada').waitFor({ timeout: FIRST_START_MS })
      await page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })
      expect(await row(page, 'Bia Sincronizada').textContent()).toContain('VIP')
      expect(await row(page, 'Caio Bloqueado').getByTestId('contact-status').textContent()).toBe('Bloqueado')

      // The dialog edits the contact's tags: VIP off, a new tag created inline (3 characters at least) and on.
      await row(page, 'Bia Sincronizada').getByRole('button', { name: 'Editar Bia Sincronizada' }).click()
      const tagsField = page.getByRole('dialog').getByTestId('contact-tags')
      await tagsField.getByRole('button', { name: 'VIP' }).click()
      await tagsField.getByTestId('new-tag-input').fill('ab')
      await tagsField.getByTestId('new-tag-create').click()
      await tagsField.getByText('Tag muito curta!').waitFor()
      await tagsField.getByTestId('new-tag-input').fill('Parceiro')
      await tagsField.getByTestId('new-tag-input').press('Enter')
      await tagsField.getByRole('button', { name: 'Parceiro', pressed: true }).waitFor()
      expect(await page.getByRole('dialog').count()).toBe(1)
      await screenshot(page, 'contacts-dialog-tags.png')
      await page.getByRole('dialog').getByRole('button', { name: 'Salvar', exact: true }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await until('the new tag on the row', async () => {
        const text = (await row(page, 'Bia Sincronizada').textContent()) ?? ''
        return text.includes('Parceiro') && !text.includes('VIP')
      })

      // Offline: the new contact shows at once, pending; back online it reaches the server and settles.
      await context.setOffline(true)
      await page.getByRole('button', { name: 'Adicionar contato' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.locator('#contact-name').fill('Dora Offline')
      await dialog.locator('#contact-number').fill('12abc')
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
      await dialog.getByText('Use somente números').waitFor()
      await dialog.locator('#contact-number').fill('+55 (11) 98888-7777')
      await dialog.locator('#contact-email').fill('dora@test.local')
      await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
      await dialog.waitFor({ state: 'detached' })
      await row(page, 'Dora Offline').getByTestId('pending-marker').waitFor()
      await screenshot(page, 'contacts-pending.png')
      await context.setOffline(false)
      await row(page, 'Dora Offline').and(page.locator('[data-pending="false"]')).waitFor({ timeout: 30_000 })
      await until('the contact on the server', async () => (await serverContactCount(company.companyId, 'Dora Offline')) === 1)

      // Import: choose the file, the columns are guessed, the preview shows, then the counts.
      await page.getByTestId('contacts-import').click()
      await page.waitForURL(`${server.baseUrl}/contacts/import`)
      await page.locator('#import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv()) })
      await page.getByTestId('import-preview').getByText('Importado 0001').waitFor()
      expect(await page.locator('#import-name').inputValue()).toBe('Nome')
      expect(await page.locator('#import-number').inputValue()).toBe('Celular')
      // Mapping the same column twice is refused before anything is sent.
      await page.locator('#import-email').selectOption('Celular')
      await page.getByText('Esta coluna já foi usada em outro campo').waitFor()
      expect(await page.getByTestId('import-next').isDisabled()).toBe(true)
      await page.locator('#import-email').selectOption('E-mail')
      expect(await page.locator('#import-tags').inputValue()).toBe('Etiquetas')
      await screenshot(page, 'contacts-import-mapping.png')
      // The rows step: all chosen, one left out.
      await page.getByTestId('import-next').click()
      expect(await page.getByTestId('import-chosen').textContent()).toBe('1000 de 1000 selecionados')
      await page.getByRole('checkbox', { name: 'Importar a linha 2 (Importado 0002)' }).uncheck()
      expect(await page.getByTestId('import-chosen').textContent()).toBe('999 de 1000 selecionados')
      expect(await page.getByTestId('import-row').count()).toBe(100)
      // Part chosen: the box is mixed; a click chooses all, the next none.
      expect(await page.getByTestId('import-select-all').evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true)
      await page.getByTestId('import-select-all').check()
      expect(await page.getByTestId('import-chosen').textContent()).toBe('1000 de 1000 selecionados')
      await page.getByTestId('import-select-all').uncheck()
      await page.getByText('Nenhum contato selecionado').waitFor()
      expect(await page.getByTestId('import-start').isDisabled()).toBe(true)
      await page.getByTestId('import-select-all').check()
      await page.getByRole('checkbox', { name: 'Importar a linha 2 (Importado 0002)' }).uncheck()
      await screenshot(page, 'contacts-import-rows.png')
      await page.getByTestId('import-start').click()
      await page.getByTestId('import-result').waitFor({ timeout: 60_000 })
      const count = async (key: string) => page.getByTestId(`import-${key}`).textContent()
      expect([await count('total'), await count('created'), await count('duplicated'), await count('ignored'), await count('invalid')]).toEqual(['999', '994', '2', '2', '1'])
      // Some rows were left out: the toast says so rather than a plain success (spec part 2 §6).
      await page.locator('[data-toast="warning"]').filter({ hasText: 'Importação realizada com alguns erros' }).waitFor()
      await screenshot(page, 'contacts-import-result.png')
      expect(await serverContactCount(company.companyId, 'Importado %')).toBe(994)
      expect(await serverContactCount(company.companyId, 'Importado 0002')).toBe(0)

      // The imported contacts arrive through sync: the list finds them, and scrolls past its first page.
      await page.getByTestId('import-to-contacts').click()
      await page.waitForURL(`${server.baseUrl}/contacts`)
      await row(page, 'Importado 0001').waitFor({ timeout: 30_000 })
      expect(await row(page, 'Importado 0001').textContent()).toContain('Lote A')
      await page.locator('#contacts-search').fill('importado 0995')
      await row(page, 'Importado 0995').waitFor({ timeout: 30_000 })
      await until('the search to narrow the list', async () => (await page.getByTestId('contact-row').count()) === 1)
      await page.locator('#contacts-search').fill('')
      await until('the first page', async () => (await page.getByTestId('contact-row').count()) === 40)
      await page.getByTestId('contacts-more').scrollIntoViewIfNeeded()
      await until('the next page', async () => (await page.getByTestId('contact-row').count()) > 40)

      // A bad file says so.
      await page.getByTestId('contacts-import').click()
      await page.locator('#import-file').setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) })
      await page.getByTestId('import-error').waitFor()
      expect(await page.getByTestId('import-error').textContent()).toBe('Arquivo inválido!')

      // The phone's address book, reported by the phone to the Baileys driver of the company's session and
      // kept by the worker until the import asks (issue 15 item 16): one new person, one known.
      const fakePhone = new FakeSocket()
      const host = fakePhoneHost(server.env.services, fakePhone)
      const sessions = new SessionManager({ db: server.env.services.db, host, now: () => new Date(), log: () => {} })
      const phone = await createConnection(server.env, company.companyId, { channel: 'whatsapp', status: 'CONNECTED' })
      await sessions.tick()
      expect(sessions.sessions).toContain(phone.id)
      fakePhone.open()
      fakePhone.ev.emit('contacts.upsert', [
        { id: '5511955550001@s.whatsapp.net', name: 'Eli da Agenda' },
        { id: '5511911110001@s.whatsapp.net', name: 'Bia no Celular' },
      ])
      const ticking = setInterval(() => void sessions.tick(), 300)
      try {
        await page.getByTestId('phone-import-contacts').click()
        // The page says it is reading the phone while the session answers, then shows the counts.
        await page.getByText('Lendo o telefone pela conexão do WhatsApp...').waitFor({ timeout: 10_000 })
        await screenshot(page, 'contacts-phone-reading.png')
        await page.getByTestId('phone-import-result').waitFor({ timeout: 30_000 })
      } finally {
        clearInterval(ticking)
        await sessions.stop()
        await host.stop()
      }
      const book = await withSystem(server.env.services.db, (tx) => tx`select 1 from channel_address_book where whatsapp_id = ${phone.id}`)
      expect(book.length).toBe(0) // imported, and gone from the server
      for (const theme of ['light', 'dark']) {
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark')
        for (const [width, height] of [[1366, 820], [390, 844]]) {
          await page.setViewportSize({ width, height })
          // The narrow layout closes the drawer once its media query answers.
          await page.waitForTimeout(500)
          await page.getByTestId('phone-import-result').scrollIntoViewIfNeeded()
          await screenshot(page, `contacts-phone-import-${width}-${theme}.png`)
        }
      }
      await page.evaluate(() => document.documentElement.classList.toggle('dark', false))
      await page.setViewportSize({ width: 1366, height: 820 })
      const phoneCount = async (key: string) => page.getByTestId(`phone-import-${key}`).textContent()
      expect([await phoneCount('total'), await phoneCount('created'), await phoneCount('duplicated')]).toEqual(['2', '1', '1'])
      await page.getByRole('link', { name: 'Voltar para contatos' }).click()
      await page.locator('#contacts-search').fill('eli da agenda')
      await row(page, 'Eli da Agenda').waitFor({ timeout: 30_000 })
    } finally {
      await close()
    }
  }, TIMEOUT)

  test('an import that checks each number on WhatsApp goes row by row through the connected session', async () => {
    const company = await createCompany(server.env)
    const s = server.env.services
    // The company's WhatsApp session, its socket a fake phone that knows numbers not ending in 0.
    const conn = await createConnection(server.env, company.companyId, { channel: 'whatsapp', status: 'CONNECTED' })
    const phone = new FakeSocket()
    const host = fakePhoneHost(s, phone)
    await (await host.attach(conn.id, { session: true }))!.start()
    phone.open()
    s.numbers = { check: (companyId, number) => host.checkNumber(companyId, number) }
    const csv = ['Nome;Numero;Tags', 'Checado Um;5511987000001;VIP', 'Checado Dois;5511987000002;', 'Sem Zap;5511987000010;', ';5511987000003;', 'Checado Tres;5511987000004;'].join('\n')
    const { page, close } = await openBrowser()
    try {
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/contacts/import`)
      await page.locator('#import-file').setInputFiles({ name: 'checar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByTestId('import-next').click()
      await page.getByText('sem nome ou número: será ignorada').waitFor()
      const check = page.getByTestId('import-check-whatsapp')
      await until('the connected session to sync', async () => !(await check.isDisabled()))
      await check.check()
      await page.getByTestId('import-start').click()
      await page.getByTestId('import-progress').waitFor()
      await screenshot(page, 'contacts-import-checking.png')
      await page.getByTestId('import-result').waitFor({ timeout: 30_000 })
      const count = async (key: string) => page.getByTestId(`import-${key}`).textContent()
      expect([await count('total'), await count('created'), await count('notOnWhatsapp'), await count('ignored')]).toEqual(['5', '3', '1', '1'])
      await page.locator('[data-toast="warning"]').filter({ hasText: 'Importação realizada com alguns erros' }).waitFor()
      await screenshot(page, 'contacts-import-checked.png')
      expect(phone.numberLookups.flat()).toEqual(['5511987000001', '5511987000002', '5511987000010', '5511987000004'])
      expect(await serverContactCount(company.companyId, 'Checado %')).toBe(3)
      expect(await serverContactCount(company.companyId, 'Sem Zap')).toBe(0)
    } finally {
      s.numbers = undefined
      await host.stop()
      await close()
    }
  }, TIMEOUT)
})
