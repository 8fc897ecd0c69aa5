import { describe, expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { sweepAutoMove, sweepExpiredTickets, sweepInactiveMessages, sweepRoundRobin, usersInTurn } from '../server/domain/routing/sweeps/index.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../test/factories.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)
const T0 = new Date('2026-11-20T10:00:00Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

async function createQueue(env: TestEnv, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await q(env, (tx) => tx`insert into queues ${tx({ companyId, name: uniq('Queue '), color: uniq('#'), ...fields })} returning id`)
  return row.id
}

/** A company with one connection (`conn` columns) and a live ticket whose contact wrote at T0. */
async function setup(env: TestEnv, conn: Record<string, unknown>, ticket: Record<string, unknown> = {}) {
  const { companyId } = await createCompany(env)
  const connection = await createConnection(env, companyId, conn)
  const ticketId = await createTicket(env, companyId, connection.id, ticket)
  return { companyId, connectionId: connection.id, ticketId }
}

async function createTicket(env: TestEnv, companyId: number, whatsappId: number, fields: Record<string, unknown> = {}): Promise<number> {
  return q(env, async (tx) => {
    const number = String(5511900000000 + Math.floor(Math.random() * 1e8))
    const [contact] = await tx`insert into contacts ${tx({ companyId, name: 'Maria', number, channel: 'simulator' })} returning id`
    const [t] = await tx`insert into tickets ${tx({ companyId, contactId: contact.id, whatsappId, channel: 'simulator', status: 'pending', createdAt: T0, ...fields })} returning id`
    await tx`insert into messages ${tx({ companyId, ticketId: t.id, contactId: contact.id, whatsappId, body: 'oi', fromMe: false, createdAt: T0 })}`
    return t.id
  })
}

const ticketOf = async (env: TestEnv, id: number) =>
  (await q(env, (tx) => tx`select status, queue_id, user_id, send_inactive_message, closed_at from tickets where id = ${id}`))[0]
const systemMessages = async (env: TestEnv, id: number): Promise<string[]> =>
  (await q(env, (tx) => tx`select body from messages where ticket_id = ${id} and is_system order by id`)).map((m: { body: string }) => m.body)
const logsOf = (env: TestEnv, id: number) =>
  q(env, (tx) => tx`select type, user_id, queue_id from ticket_logs where ticket_id = ${id} order by id`)

describe('usersInTurn', () => {
  test('starts after the user served last and wraps around', () => {
    expect(usersInTurn([3, 5, 9], 5, 3)).toEqual([9, 3, 5])
    expect(usersInTurn([3, 5, 9], 9, 2)).toEqual([3, 5])
    expect(usersInTurn([3, 5, 9], null, 5)).toEqual([3, 5, 9])
    expect(usersInTurn([3, 5, 9], 4, 1)).toEqual([5])
  })
})

describeEachBackend('routing sweeps', (env) => {
  describe('auto-move (timeSendQueue)', () => {
    async function moveSetup() {
      const { companyId } = await createCompany(env())
      const target = await createQueue(env(), companyId)
      const connection = await createConnection(env(), companyId, { timeSendQueue: 5, sendIdQueue: target })
      const ticketId = await createTicket(env(), companyId, connection.id)
      return { target, ticketId }
    }

    test('leaves a ticket alone before timeSendQueue minutes', async () => {
      const { ticketId } = await moveSetup()
      await sweepAutoMove(env().services.db, at(4))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: null })
    })

    test('moves a queueless pending ticket to sendIdQueue once, logged redirect then queue, even with two sweeps at once', async () => {
      const { target, ticketId } = await moveSetup()
      await Promise.all([sweepAutoMove(env().services.db, at(5)), sweepAutoMove(env().services.db, at(5))])
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending', queueId: target, userId: null })
      expect(await logsOf(env(), ticketId)).toEqual([
        { type: 'redirect', userId: null, queueId: target },
        { type: 'queue', userId: null, queueId: target },
      ])
      await sweepAutoMove(env().services.db, at(30))
      expect(await logsOf(env(), ticketId)).toHaveLength(2)
    })

    test('the moved ticket hears the queue as if the contact had chosen it: its greeting, or its options', async () => {
      const { companyId } = await createCompany(env())
      const plain = await createQueue(env(), companyId, { greetingMessage: 'Você está na fila do suporte.' })
      const withMenu = await createQueue(env(), companyId, { greetingMessage: 'Escolha:' })
      await q(env(), (tx) => tx`insert into chatbots ${tx({ companyId, queueId: withMenu, name: 'Boletos', optionOrder: 1 })}`)
      const a = await createConnection(env(), companyId, { timeSendQueue: 5, sendIdQueue: plain })
      const b = await createConnection(env(), companyId, { timeSendQueue: 5, sendIdQueue: withMenu })
      const ta = await createTicket(env(), companyId, a.id)
      const tb = await createTicket(env(), companyId, b.id)
      await sweepAutoMove(env().services.db, at(5))
      expect(await systemMessages(env(), ta)).toEqual(['Você está na fila do suporte.'])
      expect(await systemMessages(env(), tb)).toEqual(['Escolha:\n\n*1* - Boletos'])
      expect(await ticketOf(env(), tb)).toMatchObject({ queueId: withMenu, status: 'pending' })
      expect((await q(env(), (tx) => tx`select is_bot from tickets where id = ${tb}`))[0].isBot).toBe(true)
    })
  })

  describe('inactivity warning (timeInactiveMessage)', () => {
    const conn = { timeInactiveMessage: 10, inactiveMessage: 'Ainda está aí, {{name}}?' }

    test('says nothing before timeInactiveMessage minutes', async () => {
      const { ticketId } = await setup(env(), conn)
      await sweepInactiveMessages(env().services.db, at(9))
      expect(await systemMessages(env(), ticketId)).toEqual([])
    })

    test('sends the warning once on a bot ticket, even with two sweeps at once', async () => {
      const { ticketId } = await setup(env(), conn)
      await Promise.all([sweepInactiveMessages(env().services.db, at(10)), sweepInactiveMessages(env().services.db, at(10))])
      await sweepInactiveMessages(env().services.db, at(60))
      expect(await systemMessages(env(), ticketId)).toEqual(['Ainda está aí, Maria?'])
      expect(await ticketOf(env(), ticketId)).toMatchObject({ sendInactiveMessage: true, status: 'pending' })
    })

    test('sends nothing for a company past its due date, until it pays (issue 15 item 12)', async () => {
      const { companyId, ticketId } = await setup(env(), conn)
      await q(env(), (tx) => tx`update companies set due_date = '2026-11-19' where id = ${companyId}`)
      await sweepInactiveMessages(env().services.db, at(10))
      expect(await systemMessages(env(), ticketId)).toEqual([])
      await q(env(), (tx) => tx`update companies set due_date = '2026-12-19' where id = ${companyId}`)
      await sweepInactiveMessages(env().services.db, at(11))
      expect(await systemMessages(env(), ticketId)).toEqual(['Ainda está aí, Maria?'])
    })

    test('skips a ticket a user holds', async () => {
      const { companyId, ticketId } = await setup(env(), conn)
      const carla = await createUser(env(), companyId)
      await q(env(), (tx) => tx`update tickets set user_id = ${carla.id}, status = 'open' where id = ${ticketId}`)
      await sweepInactiveMessages(env().services.db, at(60))
      expect(await systemMessages(env(), ticketId)).toEqual([])
    })

    test('with whenExpiresTicket 1 waits for our last message', async () => {
      const { ticketId } = await setup(env(), { ...conn, whenExpiresTicket: 1 })
      await sweepInactiveMessages(env().services.db, at(60))
      expect(await systemMessages(env(), ticketId)).toEqual([])
      await q(env(), (tx) => tx`update tickets set from_me = true where id = ${ticketId}`)
      await sweepInactiveMessages(env().services.db, at(60))
      expect(await systemMessages(env(), ticketId)).toEqual(['Ainda está aí, Maria?'])
    })
  })

  describe('expiry (expiresTicket)', () => {
    const conn = { expiresTicket: 30, expiresInactiveMessage: 'Atendimento encerrado por inatividade' }

    test('closes a silent ticket after expiresTicket minutes, the message first, once with two sweeps at once', async () => {
      const { ticketId } = await setup(env(), conn)
      await sweepExpiredTickets(env().services.db, at(29))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending' })
      await Promise.all([sweepExpiredTickets(env().services.db, at(30)), sweepExpiredTickets(env().services.db, at(30))])
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'closed', closedAt: at(30) })
      expect(await systemMessages(env(), ticketId)).toEqual(['Atendimento encerrado por inatividade'])
      expect((await logsOf(env(), ticketId)).map((l: { type: string }) => l.type)).toEqual(['closed'])
    })

    test('counts after the inactivity warning, which goes out first', async () => {
      const { ticketId } = await setup(env(), { ...conn, timeInactiveMessage: 10, inactiveMessage: 'Ainda está aí?' })
      await sweepExpiredTickets(env().services.db, at(35))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending' })
      await sweepInactiveMessages(env().services.db, at(35))
      await sweepExpiredTickets(env().services.db, at(39))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'pending' })
      await sweepExpiredTickets(env().services.db, at(40))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'closed' })
      expect(await systemMessages(env(), ticketId)).toEqual(['Ainda está aí?', 'Atendimento encerrado por inatividade'])
    })

    test('with whenExpiresTicket 1 closes only when our message was the last', async () => {
      const { ticketId } = await setup(env(), { ...conn, whenExpiresTicket: 1 }, { status: 'open' })
      await sweepExpiredTickets(env().services.db, at(90))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'open' })
      await q(env(), (tx) => tx`update tickets set from_me = true where id = ${ticketId}`)
      await sweepExpiredTickets(env().services.db, at(90))
      expect(await ticketOf(env(), ticketId)).toMatchObject({ status: 'closed' })
    })
  })

  describe('round-robin (ativarRoteador)', () => {
    async function rrSetup(tickets: number) {
      const { companyId } = await createCompany(env())
      const queueId = await createQueue(env(), companyId, { ativarRoteador: true, tempoRoteador: 3 })
      const connection = await createConnection(env(), companyId)
      const users = []
      for (const online of [true, false, true]) {
        const u = await createUser(env(), companyId)
        await q(env(), async (tx) => {
          await tx`update users set online = ${online} where id = ${u.id}`
          await tx`insert into user_queues ${tx({ companyId, userId: u.id, queueId })}`
        })
        users.push(u.id)
      }
      const ids = []
      for (let i = 0; i < tickets; i++) ids.push(await createTicket(env(), companyId, connection.id, { queueId, createdAt: at(-i) }))
      return { queueId, users, ids }
    }
    const holders = async (ids: number[]) => Promise.all(ids.map(async (id) => (await ticketOf(env(), id)).userId))

    test('assigns nothing before tempoRoteador minutes', async () => {
      const { ids } = await rrSetup(1)
      await sweepRoundRobin(env().services.db, at(2))
      expect(await holders(ids)).toEqual([null])
    })

    test('deals waiting tickets, oldest first, one per online user per round, in turn', async () => {
      const { users, ids } = await rrSetup(3)
      const [first, , third] = users
      await sweepRoundRobin(env().services.db, at(3))
      // ids[2] is the oldest ticket, then ids[1]; the offline user gets none, ids[0] waits for the next round.
      expect(await holders(ids)).toEqual([null, third, first])
      expect(await ticketOf(env(), ids[2])).toMatchObject({ status: 'open' })
      expect(await logsOf(env(), ids[2])).toEqual([{ type: 'open', userId: first, queueId: expect.any(Number) }])
      await sweepRoundRobin(env().services.db, at(4))
      expect(await holders(ids)).toEqual([first, third, first])
    })

    test('two sweeps at once deal each ticket once', async () => {
      const { ids } = await rrSetup(2)
      await Promise.all([sweepRoundRobin(env().services.db, at(3)), sweepRoundRobin(env().services.db, at(3))])
      const logs = await Promise.all(ids.map((id) => logsOf(env(), id)))
      expect(logs.map((l) => l.length)).toEqual([1, 1])
      expect(new Set(await holders(ids)).size).toBe(2)
    })
  })
})
