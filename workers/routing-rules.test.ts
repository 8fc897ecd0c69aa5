import { expect, test } from 'bun:test'
import { parseRating } from '../server/domain/routing/nps-reply.ts'
import { onVacation } from '../server/domain/routing/collective-vacation.ts'
import { sweepExpiredRatings } from '../server/domain/routing/sweeps/index.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createUser } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { addQueue, LATER, logTypes, number, q, replies, say, setting, setup, ticketOf } from '../test/routing-support.ts'

/** Issue 6's later rules, driven through the inbound pipeline and the API: rating, vacation, wallets, userRandom, transfers. */

const RATING = 'De 0 a 10, quanto você recomenda nosso atendimento?'
const FAREWELL = 'Obrigado, {{name}}!'

const ratingsOf = (env: TestEnv, ticketId: number) =>
  q(env, (tx) => tx`select rate, user_id from user_ratings where ticket_id = ${ticketId} order by id`)

test('parseRating takes a lone whole number, 0-10, and counts more than 10 as 10', () => {
  expect(parseRating(' 9 ')).toBe(9)
  expect(parseRating('0')).toBe(0)
  expect(parseRating('10.')).toBe(10)
  expect(parseRating('15')).toBe(10)
  expect(parseRating('nota 9')).toBeNull()
  expect(parseRating('-1')).toBeNull()
  expect(parseRating('')).toBeNull()
})

test('onVacation counts both ends on the company calendar', () => {
  // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC-3).
  const at = new Date('2026-12-10T02:30:00Z')
  expect(onVacation('2026-12-10', '2026-12-20', at, 'America/Sao_Paulo')).toBe(false)
  expect(onVacation('2026-12-10', '2026-12-20', at, 'UTC')).toBe(true)
  expect(onVacation('2026-12-01', '2026-12-09', at, 'America/Sao_Paulo')).toBe(true)
  expect(onVacation(null, '2026-12-09', at, 'UTC')).toBe(false)
})

describeEachBackend('routing: rating (NPS)', (env) => {
  /** A contact's ticket accepted by the admin, ready to be resolved. */
  async function heldTicket(conn: Record<string, unknown> = {}) {
    const s = await setup(env(), { ratingMessage: RATING, complationMessage: FAREWELL, maxUseBotQueuesNps: 2, expiresTicketNps: 30, ...conn })
    await setting(env(), s.companyId, { userRating: 'enabled' })
    const from = number()
    const { ticketId } = await say(env(), s.conn, from, 'oi')
    const [{ adminId }] = await q(env(), (tx) => tx`select id as admin_id from users where company_id = ${s.companyId} and profile = 'admin' limit 1`)
    expect((await call(env(), 'PUT', `/tickets/${ticketId}`, { token: s.adminToken, json: { status: 'open', userId: adminId } })).status).toBe(200)
    return { ...s, from, ticketId, adminId }
  }
  const resolve = (s: { adminToken: string; ticketId: number; adminId: number }) =>
    call(env(), 'PUT', `/tickets/${s.ticketId}`, { token: s.adminToken, json: { status: 'closed', userId: s.adminId } })

  test('resolve asks for the rating; "9" stores it for the attendant and closes with the farewell', async () => {
    const s = await heldTicket()
    const res = await resolve(s)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('nps')
    expect(await replies(env(), s.ticketId)).toEqual(['Olá Maria! Escolha um setor:', RATING])
    env().clock.advance(LATER)
    await say(env(), s.conn, s.from, '9')
    expect(await ratingsOf(env(), s.ticketId)).toEqual([{ rate: 9, userId: s.adminId }])
    expect((await replies(env(), s.ticketId)).slice(2)).toEqual(['Obrigado, Maria!'])
    expect(await ticketOf(env(), s.ticketId)).toMatchObject({ status: 'closed', userId: s.adminId })
    expect((await logTypes(env(), s.ticketId)).slice(-2)).toEqual(['nps', 'closed'])
    const shown = await call(env(), 'GET', `/tickets/u/${(await q(env(), (tx) => tx`select uuid::text from tickets where id = ${s.ticketId}`))[0].uuid}`, { token: s.adminToken })
    expect(shown.body.userRating).toBe(9)
  })

  test('an answer that is no rating is asked again once; the next one reopens the conversation as pending with the text', async () => {
    const s = await heldTicket({ maxUseBotQueuesNps: 0 })
    await resolve(s)
    for (const body of ['ótimo', 'na verdade ainda preciso de ajuda com o pedido']) {
      env().clock.advance(LATER)
      await say(env(), s.conn, s.from, body)
    }
    // No farewell: the conversation is not over.
    expect((await replies(env(), s.ticketId)).slice(1)).toEqual([RATING, RATING])
    expect(await ticketOf(env(), s.ticketId)).toMatchObject({ status: 'pending', userId: null, amountUsedBotQueuesNps: 0 })
    expect(await ratingsOf(env(), s.ticketId)).toEqual([])
    expect((await logTypes(env(), s.ticketId)).slice(-2)).toEqual(['nps', 'pending'])
    const [last] = await q(env(), (tx) => tx`select body from messages where ticket_id = ${s.ticketId} and not from_me order by id desc limit 1`)
    expect(last.body).toBe('na verdade ainda preciso de ajuda com o pedido')
  })

  test('maxUseBotQueuesNPS 1 asks no second time: the first answer that is no rating reopens the conversation', async () => {
    const s = await heldTicket({ maxUseBotQueuesNps: 1 })
    await resolve(s)
    env().clock.advance(LATER)
    await say(env(), s.conn, s.from, 'quero falar com alguém')
    expect((await replies(env(), s.ticketId)).slice(1)).toEqual([RATING])
    expect((await ticketOf(env(), s.ticketId)).status).toBe('pending')
  })

  test('no rating without the setting, without a rating message, for a contact with disableBot, or on ignore', async () => {
    const off = await heldTicket()
    await setting(env(), off.companyId, { userRating: 'disabled' })
    expect((await resolve(off)).body.status).toBe('closed')

    const noText = await heldTicket({ ratingMessage: '' })
    expect((await resolve(noText)).body.status).toBe('closed')

    const noBot = await heldTicket()
    await q(env(), (tx) => tx`update contacts set disable_bot = true where id = (select contact_id from tickets where id = ${noBot.ticketId})`)
    expect((await resolve(noBot)).body.status).toBe('closed')

    const ignored = await heldTicket()
    await call(env(), 'PUT', `/tickets/${ignored.ticketId}`, { token: ignored.adminToken, json: { status: 'pending' } })
    const res = await call(env(), 'PUT', `/tickets/${ignored.ticketId}`, { token: ignored.adminToken, json: { status: 'closed' } })
    expect(res.body.status).toBe('closed')
    expect(await replies(env(), ignored.ticketId)).not.toContain(RATING)
  })

  test('resolving a ticket that waits for its rating closes it without asking again', async () => {
    const s = await heldTicket()
    await resolve(s)
    expect((await resolve(s)).body.status).toBe('closed')
    expect((await replies(env(), s.ticketId)).filter((r) => r === RATING)).toHaveLength(1)
  })

  test('an unanswered rating closes after expiresTicketNPS minutes with the farewell; two sweeps at once act once', async () => {
    const s = await heldTicket()
    await resolve(s)
    const asked = env().clock.now.getTime()
    expect(await sweepExpiredRatings(env().services.db, new Date(asked + 29 * 60_000))).toBe(0)
    const due = new Date(asked + 31 * 60_000)
    const [a, b] = await Promise.all([sweepExpiredRatings(env().services.db, due), sweepExpiredRatings(env().services.db, due)])
    expect(a + b).toBe(1)
    expect(await ticketOf(env(), s.ticketId)).toMatchObject({ status: 'closed' })
    expect((await replies(env(), s.ticketId)).filter((r) => r === 'Obrigado, Maria!')).toHaveLength(1)
    expect(await ratingsOf(env(), s.ticketId)).toEqual([])
  })

  test('expiresTicketNPS 0 keeps the ticket waiting for its rating', async () => {
    const s = await heldTicket({ expiresTicketNps: 0 })
    await resolve(s)
    expect(await sweepExpiredRatings(env().services.db, new Date(env().clock.now.getTime() + 24 * 3600_000))).toBe(0)
    expect(await ticketOf(env(), s.ticketId)).toMatchObject({ status: 'nps' })
  })
})

describeEachBackend('routing: collective vacation', (env) => {
  test('during the vacation the contact gets its message once and no menu; afterwards the menu goes out', async () => {
    const today = new Date(env().clock.now)
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    const { conn, companyId } = await setup(env(), {
      collectiveVacationStart: day(-1),
      collectiveVacationEnd: day(1),
      collectiveVacationMessage: 'Estamos em férias coletivas até {{name}} voltar.',
    })
    await q(env(), (tx) => tx`update companies set timezone = 'UTC' where id = ${companyId}`)
    await addQueue(env(), conn, 'Vendas', { orderQueue: 1 })
    await addQueue(env(), conn, 'Suporte', { orderQueue: 2 })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'alguém?')
    expect(await replies(env(), ticketId)).toEqual(['Estamos em férias coletivas até Maria voltar.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', isOutOfHour: true, isBot: false })
    env().clock.advance(3 * 86_400_000)
    await say(env(), conn, from, 'voltaram?')
    expect((await replies(env(), ticketId)).slice(1)).toEqual(['Olá Maria! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ isOutOfHour: false, isBot: true })
  })
})

describeEachBackend('routing: wallets and userRandom', (env) => {
  test('with DirectTicketsToWallets a contact in a wallet goes straight to its owner and queue, without the menu', async () => {
    const { conn, companyId, adminToken } = await setup(env())
    const vendas = await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const owner = await createUser(env(), companyId, { name: 'Dona' })
    const from = number()
    // The contact first writes without the setting: the menu, then the admin files them in the wallet.
    const first = await say(env(), conn, from, 'oi')
    const [{ contactId }] = await q(env(), (tx) => tx`select contact_id from tickets where id = ${first.ticketId}`)
    const put = await call(env(), 'PUT', `/contacts/${contactId}/wallet`, { token: adminToken, json: { userId: owner.id, queueId: vendas } })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ contactId, userId: owner.id, queueId: vendas })
    await q(env(), (tx) => tx`update tickets set status = 'closed' where id = ${first.ticketId}`)
    await setting(env(), companyId, { directTicketsToWallets: true })
    env().clock.advance(LATER)
    const second = await say(env(), conn, from, 'voltei')
    expect(second.ticketId).not.toBe(first.ticketId)
    expect(await ticketOf(env(), second.ticketId)).toMatchObject({ status: 'open', userId: owner.id, queueId: vendas, isBot: false })
    expect(await replies(env(), second.ticketId)).toEqual([])
    expect(await logTypes(env(), second.ticketId)).toContain('open')
  })

  test('the wallet API: admins set and remove it, the user and queue must be the company\'s, others only read', async () => {
    const { companyId, adminToken } = await setup(env())
    const other = await createCompany(env())
    const user = await createUser(env(), companyId, { name: 'Plain' })
    const [{ id: contactId }] = await q(env(), (tx) => tx`insert into contacts (company_id, name, number) values (${companyId}, 'C', ${number()}) returning id`)
    const path = `/contacts/${contactId}/wallet`
    expect((await call(env(), 'GET', path, { token: adminToken })).body).toBeNull()
    expect((await call(env(), 'PUT', path, { token: user.token, json: { userId: user.id } })).status).toBe(403)
    expect((await call(env(), 'PUT', path, { token: adminToken, json: { userId: other.adminId } })).status).toBe(404)
    const badQueue = await call(env(), 'PUT', path, { token: adminToken, json: { userId: user.id, queueId: 999999 } })
    expect(badQueue.status).toBe(400)
    expect((await call(env(), 'PUT', path, { token: adminToken, json: { userId: 'x' } })).status).toBe(400)
    expect((await call(env(), 'PUT', path, { token: adminToken, json: { userId: user.id } })).status).toBe(200)
    expect((await call(env(), 'GET', path, { token: user.token })).body).toEqual({ contactId, userId: user.id, queueId: null })
    expect((await call(env(), 'GET', path, { token: other.adminToken })).status).toBe(404)
    expect((await call(env(), 'DELETE', path, { token: adminToken })).status).toBe(204)
    expect((await call(env(), 'GET', path, { token: adminToken })).body).toBeNull()
  })

  test('userRandom gives a ticket entering a queue to an online user of it; with nobody online it waits', async () => {
    const { conn, companyId } = await setup(env())
    const only = await addQueue(env(), conn, 'Atendimento', { greetingMessage: 'Já vamos atender.' })
    const on = await createUser(env(), companyId, { name: 'Online' })
    const off = await createUser(env(), companyId, { name: 'Offline' })
    await q(env(), async (tx) => {
      await tx`insert into user_queues (company_id, user_id, queue_id) values (${companyId}, ${on.id}, ${only}), (${companyId}, ${off.id}, ${only})`
      await tx`update users set online = (id = ${on.id}) where id in (${on.id}, ${off.id})`
    })
    await setting(env(), companyId, { userRandom: 'enabled' })
    const { ticketId } = await say(env(), conn, number(), 'oi')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'open', userId: on.id, queueId: only })
    expect(await replies(env(), ticketId)).toEqual(['Já vamos atender.'])

    await q(env(), (tx) => tx`update users set online = false where id = ${on.id}`)
    const waiting = await say(env(), conn, number(), 'oi')
    expect(await ticketOf(env(), waiting.ticketId)).toMatchObject({ status: 'pending', userId: null, queueId: only })
  })
})

describeEachBackend('transfers: message to the contact and closeTicketOnTransfer', (env) => {
  async function inQueue() {
    const s = await setup(env())
    const vendas = await addQueue(env(), s.conn, 'Vendas')
    const suporte = await addQueue(env(), s.conn, 'Suporte')
    const { ticketId } = await say(env(), s.conn, number(), 'oi')
    await say(env(), s.conn, number(), 'x')
    await q(env(), (tx) => tx`update tickets set queue_id = ${vendas}, is_bot = false where id = ${ticketId}`)
    const agent = await createUser(env(), s.companyId, { name: 'Bia' })
    return { ...s, vendas, suporte, ticketId, agent }
  }

  test('sendMsgTransfTicket tells the contact the new queue and attendant; without a queue change nothing is sent', async () => {
    const s = await inQueue()
    await setting(env(), s.companyId, { sendMsgTransfTicket: 'enabled', transferMessage: '{{name}}, você foi transferido para {{queue}} ({{user}}).' })
    const res = await call(env(), 'PUT', `/tickets/${s.ticketId}`, { token: s.adminToken, json: { queueId: s.suporte, userId: s.agent.id, isTransfered: true } })
    expect(res.status).toBe(200)
    expect((await replies(env(), s.ticketId)).at(-1)).toBe('Maria, você foi transferido para Suporte (Bia).')
    const before = (await replies(env(), s.ticketId)).length
    const same = await call(env(), 'PUT', `/tickets/${s.ticketId}`, { token: s.adminToken, json: { userId: s.agent.id, isTransfered: true } })
    expect(same.status).toBe(200)
    expect(await replies(env(), s.ticketId)).toHaveLength(before)
  })

  test('closeTicketOnTransfer closes the ticket and answers the new one, in the target queue with the user', async () => {
    const s = await inQueue()
    await setting(env(), s.companyId, { closeTicketOnTransfer: true })
    const res = await call(env(), 'PUT', `/tickets/${s.ticketId}`, { token: s.adminToken, json: { queueId: s.suporte, userId: s.agent.id, isTransfered: true } })
    expect(res.status).toBe(200)
    expect(res.body.id).not.toBe(s.ticketId)
    expect(res.body).toMatchObject({ status: 'open', queueId: s.suporte, userId: s.agent.id, isTransfered: true })
    expect(await ticketOf(env(), s.ticketId)).toMatchObject({ status: 'closed' })
    expect(await logTypes(env(), s.ticketId)).toContain('closed')
    expect(await logTypes(env(), res.body.id)).toEqual(['create', 'transfered', 'receivedTransfer'])
    // The contact's next message lands in the new ticket.
    const [{ number: from }] = await q(env(), (tx) => tx`select c.number from contacts c join tickets t on t.contact_id = c.id where t.id = ${s.ticketId}`)
    expect((await say(env(), s.conn, from, 'obrigado')).ticketId).toBe(res.body.id)
  })
})
