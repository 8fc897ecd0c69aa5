import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { withSystem } from '../server/db/tenant.ts'
import { createCompany, createConnection, createUser } from '../test/factories.ts'
import type { OutboundMessage } from '../workers/channels/types.ts'
import { startWorkers, type RunningWorkers } from '../workers/start-workers.ts'
import { type Browser, loginAs, openBrowser, screenshot, type Server, startServer, until, waitForServiceWorker, waitForLanding } from './support/harness.ts'

/**
 * The attendant workspace end to end (issue 5) in two Chromium browsers against the real server with its
 * workers (channel host, outbound queue) and a simulator connection whose phone records what it gets:
 * an attendant and an admin of one company watch a message arrive without reloading, the attendant
 * accepts and replies, sends three messages offline that reach the phone exactly once and in order when
 * the network returns, adds a note and a tag, transfers to the admin, who resolves with the farewell
 * prompt; each browser sees the other's changes live.
 * Run after `vite build`: `bun test ./e2e/tickets.e2e.ts`.
 */
const TIMEOUT = 240_000
const FIRST_START_MS = 45_000
let server: Server
let workers: RunningWorkers
const phone: { body: string; to: string; kind: string; quoted: string | null }[] = []

beforeAll(async () => {
  server = await startServer()
  workers = startWorkers(server.env.services, {
    log: () => {},
    simulator: { ackDelaysMs: [150, 300], onSend: (m: OutboundMessage) => void phone.push({ body: m.body, to: m.to.number ?? '', kind: m.kind, quoted: m.quoted?.body ?? null }) },
  })
}, 60_000)
afterAll(async () => {
  await workers?.stop()
  await server?.close()
})


const row = (page: Page, text: string) => page.getByTestId('ticket-row').filter({ hasText: text })

async function openTickets(b: Browser, email: string, password: string) {
  await loginAs(b.page, server.baseUrl, email, password)
  await waitForLanding(b.page)
  await waitForServiceWorker(b.page)
  await b.page.getByRole('link', { name: 'Atendimentos', exact: true }).click()
  await b.page.waitForURL(`${server.baseUrl}/tickets`)
  await b.page.locator('[data-sync-state="up-to-date"]').waitFor({ timeout: FIRST_START_MS })
}

describe('attendant workspace', () => {
  test('a simulator message shows live on two browsers; accept, reply, three offline replies, note, tag, transfer, resolve with farewell', async () => {
    // The server's test clock stands at the real time: the browser's 15-minute edit window reads its own clock.
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId, { complationMessage: 'Até logo, {{name}}!' })
    const ana = await createUser(server.env, company.companyId, { name: 'Ana Atendente', allTicket: 'enable' })
    // Its own admin for the simulator call: one session per user, and the browser's login ends the factory's.
    const phoneOperator = await createUser(server.env, company.companyId, { profile: 'admin' })
    await withSystem(server.env.services.db, async (tx) => {
      await tx`update company_settings set ask_farewell_message = 'enabled' where company_id = ${company.companyId}`
      // Ana's one queue: accepting a ticket without a queue puts it there (plain users must choose one).
      const [q] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#16a34a') returning id`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${ana.id}, ${q.id}), (${company.companyId}, ${company.adminId}, ${q.id})`
      await tx`insert into tags (company_id, name, color) values (${company.companyId}, 'VIP', '#9333ea')`
      await tx`insert into quick_messages (company_id, user_id, shortcode, message, geral, visao)
               values (${company.companyId}, ${company.adminId}, 'prazo', 'O prazo de entrega é de 5 dias úteis.', true, true)`
    })
    const attendant = await openBrowser()
    const admin = await openBrowser()
    try {
      await openTickets(attendant, ana.email, ana.password)
      await openTickets(admin, company.adminEmail, 'admin-pass')

      // The list is 550 px wide at first and resizes within 404-700; the width is saved for the user.
      const handle = attendant.page.getByTestId('ticket-list-resize')
      expect(await handle.getAttribute('aria-valuenow')).toBe('550')
      await handle.focus()
      for (let i = 0; i < 10; i++) await handle.press('ArrowRight')
      expect(await handle.getAttribute('aria-valuenow')).toBe('700')
      expect(Math.round((await attendant.page.getByTestId('ticket-list-pane').boundingBox())!.width)).toBe(700)
      await until('the width to be saved', async () => {
        const [u] = await withSystem(server.env.services.db, (tx) => tx<{ w: number }[]>`select default_tickets_manager_width as w from users where id = ${ana.id}`)
        return u?.w === 700
      })
      for (let i = 0; i < 8; i++) await handle.press('ArrowLeft')
      expect(await handle.getAttribute('aria-valuenow')).toBe('540')

      // The contact writes: both lists show the ticket in "Aguardando" without a reload.
      const inbound = await fetch(`${server.baseUrl}/simulator/${conn.id}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phoneOperator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650001', name: 'Carla Cliente', body: 'Olá, preciso de ajuda com meu pedido número 123' }),
      })
      expect(inbound.status).toBe(201)
      for (const b of [attendant, admin]) {
        await b.page.getByTestId('ticket-tab-pending').click()
        await row(b.page, 'Carla Cliente').waitFor({ timeout: 20_000 })
        expect(await row(b.page, 'Carla Cliente').getByTestId('ticket-preview').textContent()).toBe('Olá, preciso de ajuda com meu pedido núm...')
        expect(await row(b.page, 'Carla Cliente').getByTestId('ticket-unread').textContent()).toBe('1')
      }
      await screenshot(attendant.page, 'tickets-pending.png')

      // Accept: the chat opens with the contact's message; the admin sees it leave "Aguardando" and
      // (show-all) sit in "Atendendo" with its owner.
      await row(attendant.page, 'Carla Cliente').getByTestId('ticket-accept').click()
      const chat = attendant.page.getByTestId('ticket-chat')
      await chat.waitFor()
      await until('the accept to be confirmed', async () => (await chat.getAttribute('data-status')) === 'open' && (await chat.getByTestId('pending-marker').count()) === 0)
      expect(await chat.getByTestId('failed-marker').count()).toBe(0)
      // The list follows the accepted ticket to "Atendendo" instead of staying on an empty "Aguardando" (issue 17).
      expect(await attendant.page.getByTestId('ticket-tab-open').getAttribute('aria-selected')).toBe('true')
      await row(attendant.page, 'Carla Cliente').waitFor()
      await chat.getByText('Vendas').first().waitFor()
      await chat.getByTestId('message').filter({ hasText: 'preciso de ajuda' }).waitFor()
      // The side menu follows the router on its own (the shell no longer renders on each navigation): a chat keeps Atendimentos highlighted.
      expect(await attendant.page.locator('nav a[aria-current="page"]').getAttribute('href')).toBe('/tickets')
      await row(admin.page, 'Carla Cliente').waitFor({ state: 'detached', timeout: 20_000 })
      await admin.page.getByTestId('ticket-tab-open').click()
      await admin.page.getByTestId('ticket-show-all').check()
      await row(admin.page, 'Carla Cliente').getByTestId('ticket-owner').filter({ hasText: 'Ana Atendente' }).waitFor({ timeout: 20_000 })

      // A reply reaches the phone and climbs to read (✓✓ blue) as the simulator acks it.
      const input = attendant.page.getByTestId('message-input')
      await input.fill('Claro! Qual o número do pedido?')
      await input.press('Enter')
      await until('the reply to reach the phone', () => phone.some((m) => m.body === 'Claro! Qual o número do pedido?'))
      const reply = chat.getByTestId('message').filter({ hasText: 'Qual o número do pedido?' })
      await until('the reply to show read', async () => (await reply.getByTestId('message-ack').getAttribute('data-ack')) === '3')
      await admin.page.getByTestId('ticket-preview').filter({ hasText: 'Claro! Qual o número do pedido?' }).waitFor({ timeout: 20_000 })

      // A quick answer: '/' opens the list, Enter puts the chosen text in the input, Enter sends it.
      await input.fill('/pra')
      await attendant.page.getByTestId('quick-answer-option').filter({ hasText: 'prazo - O prazo de entrega' }).waitFor()
      await input.press('Enter')
      expect(await input.inputValue()).toBe('O prazo de entrega é de 5 dias úteis.')
      await input.press('Enter')
      await until('the quick answer to reach the phone', () => phone.some((m) => m.body === 'O prazo de entrega é de 5 dias úteis.'))

      // The message menu: edit our reply (within 15 minutes), answer Carla's message quoting it, delete a slip.
      await reply.getByTestId('message-menu').click()
      await attendant.page.getByTestId('message-edit').click()
      await attendant.page.getByTestId('edit-input').fill('Claro! Me passe o número do pedido?')
      await attendant.page.getByTestId('edit-save').click()
      await chat.getByTestId('message').filter({ hasText: 'Me passe o número do pedido?' }).filter({ hasText: 'Editada' }).waitFor()
      await until('the edit to reach the phone', () => phone.some((m) => m.kind === 'edit' && m.body === 'Claro! Me passe o número do pedido?'))
      await chat.getByTestId('message').filter({ hasText: 'preciso de ajuda' }).getByTestId('message-menu').click()
      await attendant.page.getByTestId('message-reply').click()
      await attendant.page.getByTestId('reply-preview').waitFor()
      await input.fill('Sobre isto, já verifico')
      await input.press('Enter')
      await chat.getByTestId('message').filter({ hasText: 'Sobre isto, já verifico' }).getByTestId('message-quoted').waitFor()
      await until('the quoted reply to reach the phone', () => phone.some((m) => m.body === 'Sobre isto, já verifico' && m.quoted?.includes('preciso de ajuda')))
      await input.fill('mensagem errada')
      await input.press('Enter')
      const slip = chat.getByTestId('message').filter({ hasText: 'mensagem errada' })
      await until('the slip to be sent', async () => (await slip.getByTestId('message-ack').getAttribute('data-ack')) !== '0')
      // From the keyboard: the bubble's stand-in button mounts the menu and opens it on Enter too.
      await slip.getByTestId('message-menu').focus()
      await attendant.page.keyboard.press('Enter')
      await attendant.page.getByRole('menu').waitFor()
      expect(await attendant.page.getByRole('menuitem').allTextContents()).toEqual(['Responder', 'Reagir', 'Encaminhar', 'Editar', 'Excluir'])
      await attendant.page.locator('[data-testid="message-reply"][data-focus]').waitFor()
      await attendant.page.screenshot({ path: 'test-results/bubble-menu-keyboard.png' })
      await attendant.page.getByTestId('message-delete').click()
      await attendant.page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
      await chat.getByTestId('message').filter({ hasText: 'Esta mensagem foi apagada' }).waitFor()
      await until('the delete to reach the phone', () => phone.some((m) => m.kind === 'delete'))

      // React to Carla's message (the phone gets the reaction, the chat shows it once synced), and
      // forward it to another contact of the company (the phone gets it addressed to them).
      const carlaMessage = chat.locator('[data-testid="message"][data-from-me="false"]').filter({ hasText: 'preciso de ajuda' })
      await carlaMessage.getByTestId('message-menu').click()
      await attendant.page.getByTestId('message-react').click()
      await attendant.page.getByTestId('reaction-choice').filter({ hasText: '👍' }).click()
      await until('the reaction to reach the phone', () => phone.some((m) => m.kind === 'reaction' && m.body === '👍'))
      await carlaMessage.getByTestId('message-reactions').filter({ hasText: '👍' }).waitFor({ timeout: 20_000 })
      await withSystem(server.env.services.db, (tx) => tx`insert into contacts (company_id, name, number, channel)
        select company_id, 'Davi Destino', '5511987650002', channel from contacts where company_id = ${company.companyId} and name = 'Carla Cliente'`)
      // Forward picks messages first (Carla's, from its menu), needs at least one, then a contact.
      await carlaMessage.getByTestId('message-menu').click()
      await attendant.page.getByTestId('message-forward').click()
      const bar = chat.getByTestId('forward-bar')
      expect(await bar.textContent()).toContain('1 selecionada(s)')
      await carlaMessage.getByTestId('message-select').uncheck()
      await bar.getByTestId('forward-selected').click()
      await bar.getByText('Selecione ao menos uma mensagem para encaminhar.').waitFor()
      await carlaMessage.getByTestId('message-select').check()
      const edited = chat.getByTestId('message').filter({ hasText: 'Me passe o número do pedido?' })
      await edited.getByTestId('message-select').check()
      expect(await bar.textContent()).toContain('2 selecionada(s)')
      await bar.getByTestId('forward-selected').click()
      await attendant.page.getByTestId('forward-confirm').click()
      await attendant.page.getByText('Selecione um contato para encaminhar.').waitFor()
      await attendant.page.getByTestId('forward-search').fill('Davi')
      await attendant.page.getByTestId('forward-contact').filter({ hasText: 'Davi Destino' }).click({ timeout: 20_000 })
      await attendant.page.getByTestId('forward-confirm').click()
      await bar.waitFor({ state: 'detached' })
      const toDavi = () => phone.filter((m) => m.to === '5511987650002').map((m) => m.body)
      // The second waits 900 ms after the first (spec part 1 §4) on the server's clock, which this test moves by hand.
      await until('both forwards to reach the phone, in the chat\'s order', () => {
        server.env.clock.now = new Date()
        return toDavi().length === 2
      })
      expect(toDavi()[0]).toContain('preciso de ajuda')
      expect(toDavi()[1]).toContain('Me passe o número do pedido?')

      // Away from the chat, a new message from Carla rings the bell and counts in the tab title; opening
      // it from the bell reads it (the count goes).
      await chat.getByRole('button', { name: 'Voltar' }).click()
      await attendant.page.getByTestId('chat-empty').waitFor()
      // The browser notification, recorded: the app reads the Notification global when a message arrives.
      await attendant.page.evaluate(() => {
        const shown: { title: string; body?: string }[] = []
        Object.assign(window, { shownNotifications: shown })
        class Recorder {
          static permission = 'granted'
          static requestPermission = async () => 'granted'
          onclick: (() => void) | null = null
          constructor(title: string, opts?: { body?: string }) {
            shown.push({ title, body: opts?.body })
          }
          close() {}
        }
        Object.assign(window, { Notification: Recorder })
      })
      const shown = () => attendant.page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body?: string }[] }).shownNotifications)
      const again = await fetch(`${server.baseUrl}/simulator/${conn.id}/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phoneOperator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5511987650001', name: 'Carla Cliente', body: 'É o pedido 4567' }),
      })
      expect(again.status).toBe(201)
      await attendant.page.getByTestId('notifications-count').filter({ hasText: '1' }).waitFor({ timeout: 20_000 })
      await until('the tab title to count it', async () => (await attendant.page.title()).startsWith('① '))
      await until('the browser notification', async () => (await shown()).length > 0)
      expect(await shown()).toEqual([{ title: 'Carla Cliente', body: 'É o pedido 4567' }])
      await attendant.page.getByRole('button', { name: 'Notificações', exact: true }).click()
      await attendant.page.getByTestId('notification-item').filter({ hasText: 'Carla Cliente (1)' }).click()
      await chat.getByTestId('message').filter({ hasText: 'É o pedido 4567' }).waitFor()
      await attendant.page.getByTestId('notifications-count').waitFor({ state: 'detached', timeout: 20_000 })

      // Offline: three replies show at once with the clock and pending; nothing reaches the phone.
      const before = phone.length
      await attendant.context.setOffline(true)
      const offline = ['Mensagem offline 1', 'Mensagem offline 2', 'Mensagem offline 3']
      for (const body of offline) {
        await input.fill(body)
        await input.press('Enter')
        await chat.locator('[data-local="true"]').filter({ hasText: body }).waitFor()
      }
      expect(await chat.locator('[data-local="true"]').count()).toBe(3)
      await screenshot(attendant.page, 'chat-offline-pending.png')
      await Bun.sleep(1000)
      expect(phone.length).toBe(before)

      // Back online: exactly three reach the phone, in order, and the pending copies give way to the synced rows.
      await attendant.context.setOffline(false)
      await until('the offline replies to reach the phone', () => phone.length >= before + 3, 45_000)
      await until('the pending messages to settle', async () => (await chat.locator('[data-local="true"]').count()) === 0, 30_000)
      await Bun.sleep(1500) // a duplicate would have been sent by now
      expect(phone.slice(before).map((m) => m.body)).toEqual(offline)
      expect(phone.slice(before).every((m) => m.to === '5511987650001')).toBe(true)
      for (const body of offline) expect(await chat.getByTestId('message').filter({ hasText: body }).count()).toBe(1)
      await screenshot(attendant.page, 'chat-after-replay.png')

      // A note and a tag from the contact drawer; the admin opening the ticket sees both.
      await chat.getByTestId('drawer-toggle').click()
      await attendant.page.getByTestId('note-input').fill('Cliente pediu retorno até sexta')
      await attendant.page.getByTestId('note-save').click()
      await attendant.page.getByTestId('note').filter({ hasText: 'Cliente pediu retorno' }).waitFor()
      await attendant.page.getByTestId('tag-choice').filter({ hasText: 'VIP' }).click()
      await until('the note and tag to be confirmed', async () => (await attendant.page.getByTestId('contact-drawer').getByTestId('pending-marker').count()) === 0 && (await attendant.page.getByTestId('tag-choice').getAttribute('aria-pressed')) === 'true')
      // The drawer's contact switches and edit reach the server (toggles are flips; the switch shows the new value at once).
      await attendant.page.getByRole('switch', { name: 'Aceitar áudios do contato' }).click()
      await attendant.page.getByRole('switch', { name: 'Desativar chatbot para este contato' }).click()
      await attendant.page.getByTestId('drawer-edit').click()
      await attendant.page.locator('#contact-email').fill('carla@cliente.com.br')
      await attendant.page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click()
      await attendant.page.getByRole('link', { name: 'carla@cliente.com.br' }).waitFor()
      await until('the contact changes to reach the server', async () => {
        const [c] = await withSystem(server.env.services.db, (tx) => tx<{ acceptAudioMessage: boolean; disableBot: boolean; email: string }[]>`
          select accept_audio_message, disable_bot, email from contacts where company_id = ${company.companyId} and name = 'Carla Cliente'`)
        return c && !c.acceptAudioMessage && c.disableBot && c.email === 'carla@cliente.com.br'
      })
      await screenshot(attendant.page, 'chat-drawer-note-tag.png')
      await row(admin.page, 'Carla Cliente').getByText('VIP').waitFor({ timeout: 20_000 })
      // The admin's filter panel: the VIP tag keeps Carla's ticket and hides Davi's (opened by the forward).
      await row(admin.page, 'Davi Destino').waitFor({ timeout: 20_000 })
      await admin.page.getByTestId('ticket-filters-toggle').click()
      const vipFilter = admin.page.getByTestId('ticket-filters').getByRole('button', { name: 'VIP' })
      await vipFilter.click()
      await row(admin.page, 'Davi Destino').waitFor({ state: 'detached' })
      await row(admin.page, 'Carla Cliente').waitFor()
      await vipFilter.click()
      await row(admin.page, 'Davi Destino').waitFor()
      await row(admin.page, 'Carla Cliente').locator('button').first().click()
      const adminChat = admin.page.getByTestId('ticket-chat')
      await adminChat.getByTestId('drawer-toggle').click()
      await admin.page.getByTestId('note').filter({ hasText: 'Cliente pediu retorno até sexta' }).waitFor({ timeout: 20_000 })

      // Transfer to the admin in the same queue: the admin's list shows them as the owner, live.
      await chat.getByTestId('chat-transfer').click()
      await attendant.page.getByTestId('transfer-user').selectOption({ label: 'Admin' })
      await attendant.page.getByTestId('transfer-confirm').click()
      await row(admin.page, 'Carla Cliente').getByTestId('ticket-owner').filter({ hasText: 'Admin' }).waitFor({ timeout: 20_000 })
      await until('the transfer to reach the server', async () => {
        const [t] = await withSystem(server.env.services.db, (tx) => tx<{ userId: number }[]>`select user_id from tickets where contact_id = (select id from contacts where company_id = ${company.companyId} and name = 'Carla Cliente')`)
        return t?.userId === company.adminId
      })

      // The admin resolves; the farewell prompt's "yes" closes it and the farewell reaches the phone.
      await adminChat.getByTestId('chat-resolve').click()
      await admin.page.getByTestId('farewell-yes').click()
      await until('the ticket to close on the server', async () => {
        const [t] = await withSystem(server.env.services.db, (tx) => tx<{ status: string }[]>`select status from tickets where contact_id = (select id from contacts where company_id = ${company.companyId} and name = 'Carla Cliente')`)
        return t?.status === 'closed'
      })
      await until('the farewell to reach the phone', () => phone.some((m) => m.body === 'Até logo, Carla Cliente!'))
      // Ana (still in the ticket's queue) watches it close in her open chat.
      await until('the attendant to see it closed', async () => (await chat.getAttribute('data-status')) === 'closed')
      await admin.page.getByTestId('ticket-tab-closed').click()
      await row(admin.page, 'Carla Cliente').waitFor({ timeout: 20_000 })
      const [log] = await withSystem(server.env.services.db, (tx) => tx<{ types: string[] }[]>`
        select array_agg(type order by id) as types from ticket_logs where company_id = ${company.companyId}`)
      expect(log.types).toEqual(expect.arrayContaining(['open', 'transfered', 'closed']))
      const sent = await withSystem(server.env.services.db, (tx) => tx<{ body: string }[]>`
        select body from messages where contact_id = (select id from contacts where company_id = ${company.companyId} and name = 'Carla Cliente') and from_me and media_type <> 'reactionMessage' order by id`)
      expect(sent.map((m) => m.body)).toEqual(['Claro! Me passe o número do pedido?', 'O prazo de entrega é de 5 dias úteis.', 'Sobre isto, já verifico', 'mensagem errada', ...offline, 'Até logo, Carla Cliente!'])
    } finally {
      await attendant.close()
      await admin.close()
    }
  }, TIMEOUT)

  test('an admin opens a new ticket, is told when the contact already has one, reads its log and closes all', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    await createConnection(server.env, company.companyId)
    const NUMBERS: Record<string, string> = { 'Olga Nova': '5511987650011', 'Paulo Novo': '5511987650012' }
    await withSystem(server.env.services.db, async (tx) => {
      const [q] = await tx<{ id: number }[]>`insert into queues (company_id, name, color) values (${company.companyId}, 'Suporte', '#2563eb') returning id`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${company.adminId}, ${q.id})`
      await tx`insert into contacts (company_id, name, number, channel) values (${company.companyId}, 'Olga Nova', '5511987650011', 'whatsapp'),
        (${company.companyId}, 'Paulo Novo', '5511987650012', 'whatsapp')`
    })
    const admin = await openBrowser()
    try {
      await openTickets(admin, company.adminEmail, 'admin-pass')
      const page = admin.page
      const newTicket = async (name: string) => {
        await page.getByTestId('ticket-new').click()
        await page.getByTestId('new-ticket-save').click()
        await page.getByText('Selecione um contato').waitFor()
        // Look-ups start at 3 characters (spec part 1 §5): two only say so.
        await page.getByTestId('new-ticket-search').fill(name.slice(0, 2))
        await page.getByTestId('new-ticket-search-hint').getByText('Digite ao menos 3 caracteres para buscar.').waitFor()
        await page.getByTestId('new-ticket-search').fill(name)
        await page.getByTestId('new-ticket-search-hint').waitFor({ state: 'detached' })
        await page.getByTestId('new-ticket-contact').selectOption({ label: `${name} (${NUMBERS[name]})` })
        await page.getByTestId('new-ticket-connection').selectOption({ index: 1 })
        await page.getByTestId('new-ticket-queue').selectOption({ label: 'Suporte' })
        await page.getByTestId('new-ticket-save').click()
      }
      await newTicket('Olga Nova')
      const chat = page.getByTestId('ticket-chat')
      await chat.getByTestId('chat-contact').filter({ hasText: 'Olga Nova' }).waitFor({ timeout: 20_000 })
      expect(await chat.getAttribute('data-status')).toBe('open')
      await newTicket('Paulo Novo')
      await chat.getByTestId('chat-contact').filter({ hasText: 'Paulo Novo' }).waitFor({ timeout: 20_000 })

      // Olga again: the server answers that she is already being served, and by whom.
      await newTicket('Olga Nova')
      await page.getByTestId('already-open-text').filter({ hasText: 'já está em atendimento com Admin na fila Suporte' }).waitFor()
      await page.getByTestId('already-open-go').click()
      await chat.getByTestId('chat-contact').filter({ hasText: 'Olga Nova' }).waitFor()
      // Every dialog closed before the header is used (a CI run once found one still over the page). Hidden,
      // not detached: under load Headless UI may keep a closed dialog's element mounted a while after its
      // transition (a run here kept one, invisible, for 30 s: the screenshot showed the page clear).
      await until('every dialog to close', async () => (await page.locator('[role="dialog"]:visible').count()) === 0, 15_000).catch(async (err: unknown) => {
        console.log('dialog still open:', await page.getByRole('dialog').allTextContents())
        await screenshot(page, 'tickets-dialog-left-open.png')
        throw err
      })

      // The more menu: a meeting link sent to the contact, and the chat as an A4 PDF.
      await chat.getByTestId('chat-more').click()
      await page.getByTestId('chat-meeting').click()
      await chat.getByTestId('message').filter({ hasText: 'https://meet.jit.si/balcao-' }).waitFor()
      await until('the meeting link to reach the phone', () => phone.some((m) => m.to === '5511987650011' && m.body.includes('https://meet.jit.si/balcao-')))
      await chat.getByTestId('chat-more').click()
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chat-export-pdf').click()])
      expect(download.suggestedFilename()).toMatch(/^atendimento-\d+\.pdf$/)
      const pdf = await Bun.file((await download.path())!).text()
      expect(pdf.startsWith('%PDF-')).toBe(true)

      await chat.getByTestId('ticket-log-open').click()
      await page.getByTestId('ticket-log-entry').filter({ hasText: 'Criado' }).waitFor()
      // Opening the chat is logged too (issue 17: access), once for this visit.
      await page.getByTestId('ticket-log-entry').filter({ hasText: 'Acessado' }).waitFor()
      expect(await page.getByTestId('ticket-log-entry').allTextContents()).toEqual([
        expect.stringContaining('Criado'),
        expect.stringContaining('Aceito'),
        expect.stringContaining('Acessado'),
      ])
      await page.keyboard.press('Escape')

      // Close all of the open tab (admin, with confirmation): both tickets end up resolved.
      await page.getByTestId('ticket-tab-open').click()
      await page.getByTestId('ticket-row').nth(1).waitFor({ timeout: 20_000 })
      await page.getByTestId('ticket-close-all').click()
      await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click()
      await until('both tickets to close', async () => {
        const rows = await withSystem(server.env.services.db, (tx) => tx<{ status: string }[]>`select status from tickets where company_id = ${company.companyId}`)
        return rows.length === 2 && rows.every((r) => r.status === 'closed')
      })
      await until('the open tab to empty', async () => (await page.getByTestId('ticket-row').count()) === 0)
    } finally {
      await admin.close()
    }
  }, TIMEOUT)

  test('on a narrow screen the list and the chat are two tabs; /tickets/undefined goes to /tickets', async () => {
    server.env.clock.now = new Date()
    const company = await createCompany(server.env)
    const conn = await createConnection(server.env, company.companyId)
    const operator = await createUser(server.env, company.companyId, { profile: 'admin' })
    const phoneSays = await fetch(`${server.baseUrl}/simulator/${conn.id}/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: '5511987650021', name: 'Rui Estreito', body: 'Oi pelo celular' }),
    })
    expect(phoneSays.status).toBe(201)
    const narrow = await openBrowser({ width: 400, height: 800 })
    try {
      const page = narrow.page
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/tickets/undefined`)
      await page.waitForURL(`${server.baseUrl}/tickets`)
      await page.getByRole('tab', { name: 'Atendimentos' }).click()
      await page.getByTestId('ticket-tab-pending').click()
      await row(page, 'Rui Estreito').waitFor({ timeout: FIRST_START_MS })
      expect(await page.getByTestId('ticket-list-resize').count()).toBe(0)
      expect(await page.getByTestId('ticket-order').textContent()).toBe('Mais recentes')
      // The search view's page size: 40 at first, a choice is kept in this browser.
      expect(await page.getByTestId('ticket-search-page-size').count()).toBe(0)
      await page.getByTestId('ticket-search').fill('Rui')
      const pageSize = page.getByTestId('ticket-search-page-size')
      await pageSize.waitFor()
      expect(await pageSize.inputValue()).toBe('40')
      // A search is always newest first: its view has no order switch (the pending tab had one).
      expect(await page.getByTestId('ticket-order').count()).toBe(0)
      await row(page, 'Rui Estreito').waitFor()
      await pageSize.selectOption('20')
      expect(await page.evaluate(() => localStorage.getItem('ticketSearchPageSize'))).toBe('20')
      // The search and its switch outlive the list: a chat opened from the results and back, then a
      // resize across the breakpoint (both unmount the list panel).
      const inMessages = page.getByLabel('Buscar nas mensagens')
      await inMessages.check()
      await row(page, 'Rui Estreito').locator('button').first().click()
      await page.getByTestId('ticket-chat').getByTestId('message').filter({ hasText: 'Oi pelo celular' }).waitFor()
      await page.getByRole('tab', { name: 'Atendimentos' }).click()
      expect(await page.getByTestId('ticket-search').inputValue()).toBe('Rui')
      expect(await inMessages.isChecked()).toBe(true)
      await row(page, 'Rui Estreito').waitFor()
      await page.setViewportSize({ width: 1366, height: 820 })
      await page.getByTestId('ticket-list-resize').waitFor()
      expect(await page.getByTestId('ticket-search').inputValue()).toBe('Rui')
      expect(await inMessages.isChecked()).toBe(true)
      await page.setViewportSize({ width: 400, height: 800 })
      await page.getByRole('tab', { name: 'Atendimentos' }).click()
      await inMessages.uncheck()
      await page.getByTestId('ticket-search').fill('')
      await page.getByTestId('ticket-tab-pending').click()
      await row(page, 'Rui Estreito').locator('button').first().click()
      await page.getByTestId('ticket-chat').getByTestId('message').filter({ hasText: 'Oi pelo celular' }).waitFor()
      expect(await page.getByRole('tab', { name: 'Ticket' }).getAttribute('aria-selected')).toBe('true')
      await screenshot(page, 'tickets-narrow-chat.png')
    } finally {
      await narrow.close()
    }
  }, TIMEOUT)
})


describe('a send that waits or fails says why (issue 15 item 3)', () => {
  test('a reply held by a down connection shows as waiting, an expired automatic message as failed with its reason', async () => {
    const company = await createCompany(server.env)
    const uuid = await withSystem(server.env.services.db, async (tx) => {
      const [w] = await tx`insert into whatsapps (company_id, name, channel, status) values (${company.companyId}, 'Loja', 'whatsapp', 'OPENING') returning id`
      const [c] = await tx`insert into contacts (company_id, name, number) values (${company.companyId}, 'Rita Espera', '5511955550077') returning id`
      const [t] = await tx`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id)
        values (${company.companyId}, ${c.id}, ${w.id}, 'whatsapp', 'open', ${company.adminId}) returning uuid::text as uuid`
      const [{ id: ticketId }] = await tx`select id from tickets where uuid = ${t.uuid}`
      const base = { companyId: company.companyId, ticketId, contactId: c.id, whatsappId: w.id, fromMe: true }
      await tx`insert into messages ${tx({ ...base, body: 'Bom dia! Escolha um setor', isSystem: true, ack: -1, sendError: 'ERR_SYSTEM_MESSAGE_EXPIRED' })}`
      await tx`insert into messages ${tx({ ...base, body: 'Já estou vendo seu pedido', ack: 0, sendError: 'ERR_WAITING_CONNECTION', userId: company.adminId })}`
      return t.uuid as string
    })
    const browser = await openBrowser({ width: 1366, height: 820 })
    try {
      const { page } = browser
      await loginAs(page, server.baseUrl, company.adminEmail, 'admin-pass')
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/tickets/${uuid}`)
      const waiting = page.getByTestId('message').filter({ hasText: 'Já estou vendo seu pedido' })
      await waiting.getByTestId('message-waiting').getByText('Aguardando a conexão voltar para enviar.').waitFor({ timeout: FIRST_START_MS })
      expect(await waiting.getByTestId('message-send-error').count()).toBe(0)
      const failed = page.getByTestId('message').filter({ hasText: 'Bom dia! Escolha um setor' })
      expect(await failed.getByTestId('message-send-error').textContent()).toBe(
        'Falha ao enviar: Mensagem automática não enviada: a conexão ficou indisponível por mais de 30 minutos.',
      )
    } finally {
      await browser.close()
    }
  }, TIMEOUT)
})

describe('reopen by the current user (issue 15 item 10)', () => {
  test("a plain user reopens a colleague's closed ticket of her queue, and it is hers", async () => {
    const company = await createCompany(server.env)
    const paula = await createUser(server.env, company.companyId, { name: 'Paula Plain' })
    const { uuid, ticketId } = await withSystem(server.env.services.db, async (tx) => {
      const [q] = await tx`insert into queues (company_id, name, color) values (${company.companyId}, 'Vendas', '#aa0011') returning id`
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${company.companyId}, ${paula.id}, ${q.id})`
      const [w] = await tx`insert into whatsapps (company_id, name, channel, status) values (${company.companyId}, 'Loja', 'simulator', 'CONNECTED') returning id`
      const [c] = await tx`insert into contacts (company_id, name, number) values (${company.companyId}, 'Otávio Volta', '5511955550088') returning id`
      const [t] = await tx`
        insert into tickets (company_id, contact_id, whatsapp_id, channel, status, user_id, queue_id, closed_at)
        values (${company.companyId}, ${c.id}, ${w.id}, 'simulator', 'closed', ${company.adminId}, ${q.id}, now()) returning id, uuid::text as uuid`
      return { uuid: t.uuid as string, ticketId: t.id as number }
    })
    const browser = await openBrowser({ width: 1366, height: 820 })
    try {
      const { page } = browser
      await loginAs(page, server.baseUrl, paula.email, paula.password)
      await waitForLanding(page)
      await page.goto(`${server.baseUrl}/tickets/${uuid}`)
      await page.getByTestId('chat-reopen').click({ timeout: FIRST_START_MS })
      await until('the ticket reopened for Paula on the server', async () => {
        const [t] = await withSystem(server.env.services.db, (tx) => tx`select status, user_id from tickets where id = ${ticketId}`)
        return t.status === 'open' && t.userId === paula.id
      })
      await page.getByTestId('ticket-chat').and(page.locator('[data-status="open"]')).waitFor({ timeout: 30_000 })
    } finally {
      await browser.close()
    }
  }, TIMEOUT)
})
