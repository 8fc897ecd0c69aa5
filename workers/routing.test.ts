import { expect, test } from 'bun:test'
import { localTime } from '../server/domain/routing/schedule-rules.ts'
import { AUDIO_REFUSED_MESSAGE } from '../server/domain/routing/refuse-audio.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createUser, uniq } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { addOption, addQueue, depsOf, LATER, logTypes, number, q, replies, say, setting, setup, ticketOf } from '../test/routing-support.ts'
import { handleChannelEvent } from './inbound/handle-channel-event.ts'
import type { ConnectionRef } from './inbound/types.ts'

describeEachBackend('routing: queue menu', (env) => {
  test('several queues: the greeting and numbered menu, then "2" puts the ticket in Suporte with its greeting', async () => {
    const { conn } = await setup(env())
    const vendas = await addQueue(env(), conn, 'Vendas', { orderQueue: 1, greetingMessage: 'Vendas aqui.' })
    const suporte = await addQueue(env(), conn, 'Suporte', { orderQueue: 2, greetingMessage: 'Suporte aqui, aguarde.' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual(['Olá Maria! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: true })
    await say(env(), conn, from, '2')
    expect((await replies(env(), ticketId)).slice(1)).toEqual(['Suporte aqui, aguarde.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: suporte, userId: null, isBot: false })
    // The log starts with the contact's first message creating the ticket, then the choice.
    expect(await logTypes(env(), ticketId)).toEqual(['create', 'queue'])
    expect(vendas).not.toBe(suporte)
  })

  test('one queue: the ticket goes straight into it with the queue greeting, no menu', async () => {
    const { conn } = await setup(env())
    const only = await addQueue(env(), conn, 'Atendimento', { greetingMessage: 'Bem-vindo ao atendimento.' })
    const { ticketId } = await say(env(), conn, number(), 'bom dia')
    expect(await replies(env(), ticketId)).toEqual(['Bem-vindo ao atendimento.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: only })
  })

  test('one queue with sendGreetingMessageOneQueues: the connection greets a new ticket before the queue does, once', async () => {
    const { conn, companyId } = await setup(env(), { greetingMessage: 'Olá {{name}}, bem-vinda à Acme.' })
    await setting(env(), companyId, { sendGreetingMessageOneQueues: 'enabled' })
    await addQueue(env(), conn, 'Atendimento', { greetingMessage: 'Bem-vindo ao atendimento.' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'bom dia')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'tem alguém?')
    expect(await replies(env(), ticketId)).toEqual(['Olá Maria, bem-vinda à Acme.', 'Bem-vindo ao atendimento.'])
  })

  test('an unknown answer re-asks until maxUseBotQueues menus were sent; then the bot gives up into the first queue', async () => {
    const { conn } = await setup(env(), { maxUseBotQueues: 2 })
    const vendas = await addQueue(env(), conn, 'Vendas', { orderQueue: 1, greetingMessage: 'Vendas: já te atendemos.' })
    await addQueue(env(), conn, 'Suporte', { orderQueue: 2 })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    for (const answer of ['talvez', '9', 'hein?']) {
      env().clock.advance(LATER)
      await say(env(), conn, from, answer)
    }
    const sent = await replies(env(), ticketId)
    expect(sent).toHaveLength(3)
    expect(sent[1]).toBe(sent[0])
    expect(sent[2]).toBe('Vendas: já te atendemos.')
    // A queue a human sees (issue 15 item 7): before, the ticket stayed without one.
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: vendas, isBot: false })
    env().clock.advance(LATER)
    await say(env(), conn, from, '2')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: vendas })
  })

  test("a bot that gives up puts the ticket in the connection's sendIdQueue when it has one", async () => {
    const { conn } = await setup(env(), { maxUseBotQueues: 1 })
    await addQueue(env(), conn, 'Vendas', { orderQueue: 1 })
    const suporte = await addQueue(env(), conn, 'Suporte', { orderQueue: 2 })
    await q(env(), (tx) => tx`update whatsapps set send_id_queue = ${suporte} where id = ${conn.id}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'não sei')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: suporte, isBot: false })
    expect(await logTypes(env(), ticketId)).toContain('queue')
  })

  test('a connection without queues greets a new ticket once', async () => {
    const { conn } = await setup(env(), { greetingMessage: 'Oi! Já vamos te atender.' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'alguém?')
    expect(await replies(env(), ticketId)).toEqual(['Oi! Já vamos te atender.'])
  })

  test('sendQueuePosition tells the contact their place among the waiting tickets of the queue', async () => {
    const { conn, companyId } = await setup(env())
    await setting(env(), companyId, { sendQueuePosition: 'enabled', sendQueuePositionMessage: 'Você está na posição' })
    await addQueue(env(), conn, 'Fila única', { greetingMessage: 'Aguarde.' })
    await say(env(), conn, number(), 'primeiro')
    const { ticketId } = await say(env(), conn, number(), 'segundo')
    expect(await replies(env(), ticketId)).toEqual(['Aguarde.', 'Você está na posição *2*'])
  })

  test('a contact with disableBot and a ticket a user holds get no bot', async () => {
    const { conn } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const quiet = number()
    const muted = await say(env(), conn, quiet, 'oi')
    await q(env(), (tx) => tx`update contacts set disable_bot = true where id = (select contact_id from tickets where id = ${muted.ticketId})`)
    env().clock.advance(LATER)
    await say(env(), conn, quiet, '1')
    expect(await replies(env(), muted.ticketId)).toHaveLength(1)
    // Several queues and no sendIdQueue: nothing tells which, so it waits without one.
    expect(await ticketOf(env(), muted.ticketId)).toMatchObject({ queueId: null })
    const user = await createUser(env(), conn.companyId)
    const from = number()
    const held = await say(env(), conn, from, 'oi')
    await q(env(), (tx) => tx`update tickets set status = 'open', user_id = ${user.id} where id = ${held.ticketId}`)
    env().clock.advance(LATER)
    await say(env(), conn, from, 'zzz')
    expect(await replies(env(), held.ticketId)).toHaveLength(1)
    expect(await ticketOf(env(), held.ticketId)).toMatchObject({ status: 'open', userId: user.id })
  })
})

describeEachBackend('routing: a contact with disableBot still lands in a queue (issue 15 item 7)', (env) => {
  async function mutedContactSays(conn: ConnectionRef, from: string, body: string) {
    await q(env(), (tx) => tx`insert into contacts (company_id, name, number, channel, disable_bot) values (${conn.companyId}, 'Calado', ${from}, 'simulator', true)`)
    return say(env(), conn, from, body)
  }

  test("the connection's only queue, silently: no greeting, no option tree", async () => {
    const { conn } = await setup(env())
    const only = await addQueue(env(), conn, 'Atendimento', { greetingMessage: 'Bem-vindo ao atendimento.' })
    const { ticketId } = await mutedContactSays(conn, number(), 'oi')
    expect(await replies(env(), ticketId)).toEqual([])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: only, isBot: false })
    expect(await logTypes(env(), ticketId)).toContain('queue')
  })

  test('with several queues, the sendIdQueue', async () => {
    const { conn } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    const suporte = await addQueue(env(), conn, 'Suporte')
    await q(env(), (tx) => tx`update whatsapps set send_id_queue = ${suporte} where id = ${conn.id}`)
    const { ticketId } = await mutedContactSays(conn, number(), 'oi')
    expect(await replies(env(), ticketId)).toEqual([])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: suporte })
  })
})

describeEachBackend('routing: a company that has not paid (issue 15 item 12)', (env) => {
  test('an expired company keeps receiving messages, but no bot answers until the due date moves', async () => {
    const { conn, companyId } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    await q(env(), (tx) => tx`update companies set due_date = '2026-11-19' where id = ${companyId}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual([])
    const [stored] = await q(env(), (tx) => tx`select count(*)::int as n from messages where ticket_id = ${ticketId} and not from_me`)
    expect(stored.n).toBe(1)
    await q(env(), (tx) => tx`update companies set due_date = '2026-12-19' where id = ${companyId}`)
    env().clock.advance(LATER)
    await say(env(), conn, from, 'alguém?')
    expect(await replies(env(), ticketId)).toHaveLength(1)
  })
})

describeEachBackend('routing: debounced greetings', (env) => {
  test('a burst of messages from a new contact gets one menu', async () => {
    const { conn } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const from = number()
    const results = await Promise.all(['oi', 'tudo bem?', 'preciso de ajuda', 'com um pedido'].map((b) => say(env(), conn, from, b)))
    const ticketId = results[0].ticketId
    expect(await replies(env(), ticketId)).toHaveLength(1)
    expect(await ticketOf(env(), ticketId)).toMatchObject({ amountUsedBotQueues: 1, isBot: true })
  })

  test('through the simulator route: one menu for a burst, then the answer picks the queue', async () => {
    const { conn, adminToken } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    const suporte = await addQueue(env(), conn, 'Suporte', { greetingMessage: 'Suporte!' })
    const from = number()
    const postFrom = (body: string) => call(env(), 'POST', `/simulator/${conn.id}/inbound`, { token: adminToken, json: { from, name: 'Ana', body } })
    const first = await postFrom('oi')
    await postFrom('alô')
    env().clock.advance(LATER)
    await postFrom('1')
    expect(await replies(env(), first.body.ticketId)).toEqual(['Olá Ana! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas', 'Suporte!'])
    expect(await ticketOf(env(), first.body.ticketId)).toMatchObject({ status: 'pending', queueId: suporte })
  })
})

describeEachBackend('routing: option tree', (env) => {
  /** Suporte (single queue) with: 1 Segunda via (next level: 1 Boleto, 2 Pix), 2 Falar com humano (attendent), 3 Financeiro (queue), 4 Encerrar. */
  async function tree() {
    const { conn, companyId } = await setup(env())
    const suporte = await addQueue(env(), conn, 'Suporte', { greetingMessage: 'Como podemos ajudar?' })
    const financeiro = await q(env(), async (tx) => (await tx`insert into queues ${tx({ companyId, name: 'Financeiro', color: uniq('#'), greetingMessage: 'Financeiro, aguarde.' })} returning id`)[0].id)
    const user = await createUser(env(), companyId, { name: 'Beto' })
    const via = await addOption(env(), companyId, { queueId: suporte }, { name: 'Segunda via', greetingMessage: 'Qual forma?', optionOrder: 0 })
    await addOption(env(), companyId, { parentId: via }, { name: 'Boleto', greetingMessage: 'Enviamos o boleto.', optionOrder: 0 })
    await addOption(env(), companyId, { parentId: via }, { name: 'Pix', greetingMessage: 'Chave pix: 123.', optionOrder: 1 })
    await addOption(env(), companyId, { queueId: suporte }, { name: 'Falar com humano', greetingMessage: 'Chamando o Beto.', queueType: 'attendent', optUserId: user.id, optionOrder: 1 })
    await addOption(env(), companyId, { queueId: suporte }, { name: 'Financeiro', queueType: 'queue', optQueueId: financeiro, optionOrder: 2 })
    await addOption(env(), companyId, { queueId: suporte }, { name: 'Encerrar', greetingMessage: 'Até logo!', closeTicket: true, optionOrder: 3 })
    return { conn, suporte, financeiro, user, via }
  }
  const rootMenu = 'Como podemos ajudar?\n\n*1* - Segunda via\n*2* - Falar com humano\n*3* - Financeiro\n*4* - Encerrar'

  test('entering a queue with options sends its greeting and the options; answers walk the tree to a text', async () => {
    const { conn, suporte, via } = await tree()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual([rootMenu])
    await say(env(), conn, from, '1')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: suporte, queueOptionId: via, isBot: true })
    await say(env(), conn, from, '2')
    expect((await replies(env(), ticketId)).slice(1)).toEqual(['Qual forma?\n\n*1* - Boleto\n*2* - Pix', 'Chave pix: 123.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: suporte, isBot: false })
    expect(await logTypes(env(), ticketId)).toEqual(['create', 'queue', 'chatBot', 'chatBot', 'chatBot'])
  })

  test('an attendent option gives the ticket to its user, open', async () => {
    const { conn, user } = await tree()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '2')
    expect((await replies(env(), ticketId)).at(-1)).toBe('Chamando o Beto.')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'open', userId: user.id, isBot: false })
  })

  test('a queue option moves the ticket to that queue, whose greeting follows', async () => {
    const { conn, financeiro } = await tree()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '3')
    expect((await replies(env(), ticketId)).at(-1)).toBe('Financeiro, aguarde.')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: financeiro, queueOptionId: null })
  })

  test('closeTicket on an option closes the ticket after its message', async () => {
    const { conn } = await tree()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '4')
    expect((await replies(env(), ticketId)).at(-1)).toBe('Até logo!')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'closed' })
    expect((await logTypes(env(), ticketId)).at(-1)).toBe('closed')
  })

  test('an unknown answer re-asks the level, within maxUseBotQueues; "#" goes back to the main menu', async () => {
    const { conn } = await tree()
    await addQueue(env(), conn, 'Vendas')
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual(['Olá Maria! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas'])
    await say(env(), conn, from, '1')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'não sei')
    expect((await replies(env(), ticketId)).slice(1)).toEqual([rootMenu, rootMenu])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ amountUsedBotQueues: 2, isBot: true })
    await say(env(), conn, from, '#')
    expect((await replies(env(), ticketId)).at(-1)).toBe('Olá Maria! Escolha um setor:\n\n*1* - Suporte\n*2* - Vendas')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ queueId: null, queueOptionId: null, isBot: true, amountUsedBotQueues: 1 })
  })
})

describeEachBackend('routing: out of hours', (env) => {
  /** A week whose only open day is not today (company clock): closed now. */
  const closedNow = (tz = 'America/Sao_Paulo') => {
    const today = localTime(env().clock.now, tz).weekday
    const other = today === 'monday' ? 'tuesday' : 'monday'
    return [{ weekday: other, weekdayEn: other, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }]
  }
  const openNow = (tz = 'America/Sao_Paulo') => {
    const today = localTime(env().clock.now, tz).weekday
    return [{ weekday: today, weekdayEn: today, startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '' }]
  }

  test('company hours: outside them the contact gets the out-of-hours message once, the ticket stays pending with no menu', async () => {
    const { conn, companyId } = await setup(env(), { outOfHoursMessage: 'Estamos fechados, voltamos amanhã.' })
    await setting(env(), companyId, { scheduleType: 'company' })
    await q(env(), (tx) => tx`update companies set schedules = ${tx.json(closedNow())} where id = ${companyId}`)
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'alguém?')
    expect(await replies(env(), ticketId)).toEqual(['Estamos fechados, voltamos amanhã.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: null, isOutOfHour: true })
  })

  test('back within hours the flag clears and the menu goes out; a later closed spell warns again', async () => {
    const { conn, companyId } = await setup(env(), { outOfHoursMessage: 'Fechado.' })
    await setting(env(), companyId, { scheduleType: 'connection' })
    await q(env(), (tx) => tx`update whatsapps set schedules = ${tx.json(closedNow())} where id = ${conn.id}`)
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await q(env(), (tx) => tx`update whatsapps set schedules = ${tx.json(openNow())} where id = ${conn.id}`)
    env().clock.advance(LATER)
    await say(env(), conn, from, 'oi de novo')
    expect(await ticketOf(env(), ticketId)).toMatchObject({ isOutOfHour: false, isBot: true })
    await q(env(), (tx) => tx`update whatsapps set schedules = ${tx.json(closedNow())} where id = ${conn.id}`)
    env().clock.advance(LATER)
    await say(env(), conn, from, '1')
    const sent = await replies(env(), ticketId)
    expect(sent.map((b) => b.split('\n')[0])).toEqual(['Fechado.', 'Olá Maria! Escolha um setor:', 'Fechado.'])
  })

  test('an open ticket whose user is online gets no out-of-hours message; with the user offline it does', async () => {
    const { conn, companyId } = await setup(env(), { outOfHoursMessage: 'Fechado.', greetingMessage: '' })
    await setting(env(), companyId, { scheduleType: 'company' })
    const user = await createUser(env(), companyId)
    await q(env(), (tx) => tx`update users set online = true where id = ${user.id}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await q(env(), (tx) => tx`update tickets set status = 'open', user_id = ${user.id} where id = ${ticketId}`)
    await q(env(), (tx) => tx`update companies set schedules = ${tx.json(closedNow())} where id = ${companyId}`)
    await say(env(), conn, from, 'ainda aí?')
    expect(await replies(env(), ticketId)).toEqual([])
    await q(env(), (tx) => tx`update users set online = false where id = ${user.id}`)
    await say(env(), conn, from, 'olá?')
    expect(await replies(env(), ticketId)).toEqual(['Fechado.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'open', userId: user.id })
  })

  test('queue hours: a queue closed now answers with its own out-of-hours message when the ticket enters it', async () => {
    const { conn, companyId } = await setup(env())
    await setting(env(), companyId, { scheduleType: 'queue' })
    const queue = await addQueue(env(), conn, 'Suporte', { greetingMessage: 'Suporte!', outOfHoursMessage: 'Suporte fechado.' })
    await q(env(), (tx) => tx`update queues set schedules = ${tx.json(closedNow())} where id = ${queue}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    env().clock.advance(LATER)
    await say(env(), conn, from, 'oi?')
    expect(await replies(env(), ticketId)).toEqual(['Suporte fechado.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: queue, isOutOfHour: true })
  })
})

describeEachBackend('routing: LGPD consent and refused audio', (env) => {
  const prompt = 'Tratamos seus dados conforme a LGPD.\n\nhttps://exemplo.com/privacidade\n\n*1* - Sim\n*2* - Não'

  async function lgpdSetup(extra: Record<string, unknown> = {}) {
    const { conn, companyId } = await setup(env(), { complationMessage: 'Atendimento encerrado.' })
    await setting(env(), companyId, { enableLgpd: 'enabled', lgpdMessage: 'Tratamos seus dados conforme a LGPD.', lgpdLink: 'https://exemplo.com/privacidade', ...extra })
    const queue = await addQueue(env(), conn, 'Suporte', { greetingMessage: 'Suporte!' })
    return { conn, queue }
  }

  test('a new contact is asked for consent first; "1" records it and the bot goes on to the queue', async () => {
    const { conn, queue } = await lgpdSetup()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    expect(await replies(env(), ticketId)).toEqual([prompt])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'lgpd', queueId: null })
    await say(env(), conn, from, '1')
    expect((await replies(env(), ticketId)).slice(1)).toEqual(['Suporte!'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: queue })
    const [c] = await q(env(), (tx) => tx`select c.lgpd_accepted_at is not null as accepted from tickets t join contacts c on c.id = t.contact_id where t.id = ${ticketId}`)
    expect(c.accepted).toBe(true)
    expect(await logTypes(env(), ticketId)).toEqual(['create', 'lgpd', 'queue'])
  })

  test('"2" refuses: the completion message goes out and the ticket is closed', async () => {
    const { conn } = await lgpdSetup()
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '2')
    expect((await replies(env(), ticketId)).slice(1)).toEqual(['Atendimento encerrado.'])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'closed' })
  })

  test('an unknown answer re-asks within maxUseBotQueues, then the ticket waits for a human as pending', async () => {
    const { conn } = await lgpdSetup()
    await q(env(), (tx) => tx`update whatsapps set max_use_bot_queues = 2 where id = ${conn.id}`)
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    for (const answer of ['hã?', 'talvez']) {
      env().clock.advance(LATER)
      await say(env(), conn, from, answer)
    }
    expect(await replies(env(), ticketId)).toEqual([prompt, prompt])
    expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false })
  })

  test('a contact who consented is not asked again on a later ticket', async () => {
    const { conn } = await lgpdSetup()
    const from = number()
    const first = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '1')
    await q(env(), (tx) => tx`update tickets set status = 'closed', closed_at = ${env().clock.now} where id = ${first.ticketId}`)
    const second = await say(env(), conn, from, 'voltei')
    expect(second.ticketId).not.toBe(first.ticketId)
    expect(await replies(env(), second.ticketId)).toEqual(['Suporte!'])
  })

  test('with audio refused by the company an audio gets the write-instead reply; accepted audio gets none', async () => {
    const { conn, companyId } = await setup(env(), { greetingMessage: '' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, '', 'audio')
    expect(await replies(env(), ticketId)).toEqual([])
    await setting(env(), companyId, { acceptAudioMessageContact: 'disabled' })
    await say(env(), conn, from, '', 'audio')
    await say(env(), conn, from, 'texto')
    expect(await replies(env(), ticketId)).toEqual([AUDIO_REFUSED_MESSAGE])
  })

  test("a contact's own acceptAudioMessage = false refuses their audio", async () => {
    const { conn } = await setup(env(), { greetingMessage: '' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await q(env(), (tx) => tx`update contacts set accept_audio_message = false where id = (select contact_id from tickets where id = ${ticketId})`)
    await say(env(), conn, from, '', 'audio')
    expect(await replies(env(), ticketId)).toEqual([AUDIO_REFUSED_MESSAGE])
  })
})
