import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection } from '../test/factories.ts'
import { fileServer, loginAs, openBrowser, screenshot, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * Tags (issue 17): one created inline from the chat's drawer goes on the ticket and filters the list;
 * the /tags page edits it and takes a contact off it. Run after `vite build`.
 */
const server = fileServer()

const row = (page: Page, text: string) => page.getByTestId('ticket-row').filter({ hasText: text })
const tagRow = (page: Page, name: string) => page.getByTestId('tag-row').filter({ hasText: name })

describe('tags', () => {
  test('a tag created inline in the drawer filters the list; /tags edits it and removes a contact from it', async () => {
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const { ticket, contactId } = await withSystem(server.env.services.db, async (tx) => {
      const [rita] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Rita Tagueada', '5511955550001') returning id`
      const [otto] = await tx<{ id: number }[]>`insert into contacts (company_id, name, number) values (${company.companyId}, 'Otto Sem Tag', '5511955550002') returning id`
      const [t] = await tx<{ id: number; uuid: string }[]>`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
        values (${company.companyId}, ${rita.id}, ${conn.id}, 'simulator', 'open', ${company.adminId}) returning id, uuid::text as uuid`
      await tx`insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
               values (${company.companyId}, ${otto.id}, ${conn.id}, 'simulator', 'open', ${company.adminId})`
      return { ticket: t, contactId: rita.id }
    })
    const b = await openBrowser({ width: 1366, height: 820 })
    try {
      await loginAs(b.page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(b.page)
      await waitForServiceWorker(b.page)
      await b.page.goto(`${server.baseUrl}/tickets/${ticket.uuid}`)
      const chat = b.page.getByTestId('ticket-chat')
      await chat.getByTestId('drawer-toggle').waitFor({ timeout: 45_000 })
      await chat.getByTestId('drawer-toggle').click()

      // Under 3 characters: 'Tag muito curta!' and nothing created.
      const input = b.page.getByTestId('new-tag-input')
      await input.fill('ab')
      await b.page.getByTestId('new-tag-create').click()
      await b.page.getByText('Tag muito curta!').waitFor()
      const count = async () => (await withSystem(server.env.services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from tags where company_id = ${company.companyId}`))[0].n
      expect(await count()).toBe(0)

      await input.fill('Prioridade')
      await b.page.getByTestId('new-tag-create').click()
      await b.page.getByTestId('tag-choice').filter({ hasText: 'Prioridade' }).and(b.page.locator('[aria-pressed="true"]')).waitFor({ timeout: 20_000 })
      await until('the tag on the ticket, on the server', async () => {
        const rows = await withSystem(server.env.services.db, (tx) => tx<{ name: string }[]>`
          select g.name from ticket_tags tt join tags g on g.id = tt.tag_id where tt.ticket_id = ${ticket.id}`)
        return rows.length === 1 && rows[0].name === 'Prioridade'
      })
      expect(await input.inputValue()).toBe('')
      await screenshot(b.page, 'drawer-inline-tag.png')

      // The list's tag filter now has the tag: it keeps Rita's ticket and hides Otto's.
      await row(b.page, 'Otto Sem Tag').waitFor({ timeout: 20_000 })
      await b.page.getByTestId('ticket-filters-toggle').click()
      await b.page.getByTestId('ticket-filters').getByRole('button', { name: 'Prioridade' }).click()
      await row(b.page, 'Otto Sem Tag').waitFor({ state: 'detached' })
      await row(b.page, 'Rita Tagueada').waitFor()

      // /tags: the count, an edit, and the tag's contacts.
      await withSystem(server.env.services.db, (tx) => tx`
        insert into contact_tags (company_id, contact_id, tag_id) select ${company.companyId}, ${contactId}, id from tags where company_id = ${company.companyId}`)
      await b.page.getByRole('link', { name: 'Tags' }).click()
      await b.page.waitForURL(`${server.baseUrl}/tags`)
      await tagRow(b.page, 'Prioridade').waitFor({ timeout: 20_000 })
      expect(await tagRow(b.page, 'Prioridade').getByTestId('tag-ticket-count').textContent()).toBe('1')
      await tagRow(b.page, 'Prioridade').getByRole('button', { name: 'Editar Prioridade' }).click()
      await b.page.locator('#tag-name').fill('Pr')
      await b.page.locator('#tag-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await b.page.locator('#tag-name-error').filter({ hasText: 'Mensagem muito curta' }).waitFor()
      await b.page.locator('#tag-name').fill('Prioridade alta')
      await b.page.locator('#tag-form').evaluate((f: HTMLFormElement) => f.requestSubmit())
      await b.page.locator('[data-toast="success"]').filter({ hasText: 'Tag salva com sucesso!' }).waitFor({ timeout: 20_000 })
      await tagRow(b.page, 'Prioridade alta').waitFor()
      await tagRow(b.page, 'Prioridade alta').getByRole('button', { name: 'Contatos com a tag Prioridade alta' }).click()
      await b.page.getByTestId('tag-contact').filter({ hasText: 'Rita Tagueada' }).waitFor({ timeout: 20_000 })
      await screenshot(b.page, 'tag-contacts.png')
      await b.page.getByRole('button', { name: 'Remover Rita Tagueada da tag' }).click()
      await b.page.getByTestId('tag-contact').waitFor({ state: 'detached' })
      await until('the contact off the tag, on the server', async () => {
        const [r] = await withSystem(server.env.services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from contact_tags where contact_id = ${contactId}`)
        return r.n === 0
      })
      await b.page.keyboard.press('Escape')
      expect(await withSystem(server.env.services.db, async (tx) => (await tx<{ name: string }[]>`select name from tags where company_id = ${company.companyId}`).map((r) => r.name))).toEqual(['Prioridade alta'])
      await screenshot(b.page, 'tags-page.png')
    } finally {
      await b.close()
    }
  }, 240_000)
})
