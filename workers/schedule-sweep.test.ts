import { expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../test/factories.ts'
import { call } from '../test/http.ts'
import { sweepDueSchedules } from './schedule-sweep.ts'

async function createContact(env: TestEnv, companyId: number, name: string) {
  return withSystem(env.services.db, async (tx) => {
    const [c] = await tx<{ id: number }[]>`
      insert into contacts ${tx({ companyId, name, number: String(5511900000000 + Math.floor(Math.random() * 1e7)), channel: 'simulator' })}
      returning id`
    return c.id
  })
}

/** A company with a default simulator connection, a user named Carla and a contact named Maria. */
async function setup(env: TestEnv, opts: { connection?: boolean } = {}) {
  const company = await createCompany(env)
  const connection = opts.connection === false ? null : await createConnection(env, company.companyId, { isDefault: true })
  const carla = await createUser(env, company.companyId, { name: uniq('Carla ') })
  const contactId = await createContact(env, company.companyId, 'Maria')
  return { ...company, connection, carla, contactId }
}

const schedule = (env: TestEnv, token: string, json: Record<string, unknown>) =>
  call(env, 'POST', '/schedules', { token, json }).then((r) => {
    if (r.status !== 201) throw new Error(JSON.stringify(r.body))
    return r.body as { id: number }
  })

const scheduleRow = (env: TestEnv, id: number) =>
  withSystem(env.services.db, async (tx) => {
    const [row] = await tx<{ status: string; sendAt: Date; sentAt: Date | null; sendError: string | null; repeatCount: number; ticketId: number | null }[]>`
      select status, send_at, sent_at, send_error, repeat_count, ticket_id from schedules where id = ${id}`
    return row
  })

const messagesOf = (env: TestEnv, contactId: number) =>
  withSystem(env.services.db, (tx) => tx<{ id: number; body: string; userId: number | null; isSystem: boolean; fromMe: boolean; ticketId: number }[]>`
    select id, body, user_id, is_system, from_me, ticket_id from messages where contact_id = ${contactId} order by id`)

describeEachBackend('schedule sweep', (env) => {
  test('a due schedule is queued once, signed by its author, on a ticket opened as the schedule says', async () => {
    const { connection, carla, contactId } = await setup(env())
    const s = await schedule(env(), carla.token, {
      body: 'Olá {{name}}, sua consulta é amanhã', contactId, sendAt: '2026-11-20T09:00:00Z', assinar: true,
      openTicket: 'enabled', statusTicket: 'open', ticketUserId: carla.id,
    })
    const now = new Date('2026-11-20T09:00:30Z')
    const first = await sweepDueSchedules(env().services.db, now)
    expect(first.sent).toBeGreaterThanOrEqual(1)
    const sent = await scheduleRow(env(), s.id)
    expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: now, repeatCount: 1, sendError: null })
    const messages = await messagesOf(env(), contactId)
    expect(messages).toHaveLength(1)
    const [{ name: carlaName }] = await withSystem(env().services.db, (tx) => tx<{ name: string }[]>`select name from users where id = ${carla.id}`)
    expect(messages[0]).toMatchObject({ body: `*${carlaName}:*\nOlá Maria, sua consulta é amanhã`, userId: carla.id, isSystem: false, fromMe: true, ticketId: sent.ticketId })
    const [ticket] = await withSystem(env().services.db, (tx) => tx`select status, user_id, whatsapp_id from tickets where id = ${sent.ticketId}`)
    expect(ticket).toMatchObject({ status: 'open', userId: carla.id, whatsappId: connection!.id })
    const [job] = await withSystem(env().services.db, (tx) => tx`select count(*)::int as n from jobs where queue = ${`send:${connection!.id}`} and idempotency_key = ${`send:${messages[0].id}`}`)
    expect(job.n).toBe(1)
    await sweepDueSchedules(env().services.db, new Date('2026-11-20T09:05:00Z'))
    expect(await messagesOf(env(), contactId)).toHaveLength(1)
  })

  test('with openTicket disabled the ticket the send creates is closed', async () => {
    const { adminToken, contactId } = await setup(env())
    const s = await schedule(env(), adminToken, { body: 'Aviso importante', contactId, sendAt: '2026-11-20T09:00:00Z' })
    await sweepDueSchedules(env().services.db, new Date('2026-11-20T09:01:00Z'))
    const row = await scheduleRow(env(), s.id)
    const [ticket] = await withSystem(env().services.db, (tx) => tx`select status, user_id from tickets where id = ${row.ticketId}`)
    expect(ticket).toMatchObject({ status: 'closed', userId: null })
  })

  test('a recurrence advances by its interval, moves off the weekend, and ends ENVIADA after its last send', async () => {
    const { adminToken, contactId } = await setup(env())
    // Friday 10:00 in São Paulo, daily, three sends, business day after.
    const s = await schedule(env(), adminToken, {
      body: 'Lembrete diário', contactId, sendAt: '2026-11-20T10:00', intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 6,
    })
    await sweepDueSchedules(env().services.db, new Date('2026-11-20T13:00:10Z'))
    expect(await scheduleRow(env(), s.id)).toMatchObject({ status: 'PENDENTE', sendAt: new Date('2026-11-23T13:00:00Z'), repeatCount: 1, sentAt: null })
    // Not due before Monday.
    await sweepDueSchedules(env().services.db, new Date('2026-11-22T13:00:00Z'))
    expect((await scheduleRow(env(), s.id)).repeatCount).toBe(1)
    await sweepDueSchedules(env().services.db, new Date('2026-11-23T13:00:05Z'))
    expect(await scheduleRow(env(), s.id)).toMatchObject({ status: 'PENDENTE', sendAt: new Date('2026-11-24T13:00:00Z'), repeatCount: 2 })
    const last = new Date('2026-11-24T13:00:05Z')
    await sweepDueSchedules(env().services.db, last)
    expect(await scheduleRow(env(), s.id)).toMatchObject({ status: 'ENVIADA', sentAt: last, repeatCount: 3 })
    expect(await messagesOf(env(), contactId)).toHaveLength(3)
  })

  test('a daily reminder missed for three days goes out once, for its latest day; the missed days count as used', async () => {
    const { adminToken, contactId } = await setup(env())
    const s = await schedule(env(), adminToken, {
      body: 'Lembrete perdido', contactId, sendAt: '2026-11-16T10:00', intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 10, tipoDias: 4,
    })
    // Thursday 19th 13:30 UTC: the 16th, 17th and 18th were missed; the 19th (13:00 UTC) is the latest due.
    const result = await sweepDueSchedules(env().services.db, new Date('2026-11-19T13:30:00Z'))
    expect(result).toMatchObject({ sent: 1, failed: 0 })
    expect((await messagesOf(env(), contactId)).map((m) => m.body)).toEqual(['Lembrete perdido'])
    expect(await scheduleRow(env(), s.id)).toMatchObject({ status: 'PENDENTE', sendAt: new Date('2026-11-20T13:00:00Z'), repeatCount: 4 })
  })

  test('nothing goes out more than a day late: a one-off is ERRO ERR_SCHEDULE_TOO_LATE, a recurrence moves on unsent', async () => {
    const { adminToken, contactId } = await setup(env())
    const once = await schedule(env(), adminToken, { body: 'Tarde demais', contactId, sendAt: '2026-11-10T08:00:00Z' })
    const weekly = await schedule(env(), adminToken, {
      body: 'Semanal atrasado', contactId, sendAt: '2026-11-02T10:00', intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 5, tipoDias: 4,
    })
    // The plan was off (or no worker ran) until the 11th 12:00 UTC.
    const result = await sweepDueSchedules(env().services.db, new Date('2026-11-11T12:00:00Z'))
    expect(result).toMatchObject({ sent: 0, failed: 1, moved: 1 })
    expect(await messagesOf(env(), contactId)).toHaveLength(0)
    expect(await scheduleRow(env(), once.id)).toMatchObject({ status: 'ERRO', sendError: 'ERR_SCHEDULE_TOO_LATE', sentAt: null })
    // Weekly from Monday the 2nd: the 9th was the latest due, two days late; the next is the 16th.
    expect(await scheduleRow(env(), weekly.id)).toMatchObject({ status: 'PENDENTE', sendAt: new Date('2026-11-16T13:00:00Z'), repeatCount: 2 })
    await sweepDueSchedules(env().services.db, new Date('2026-11-16T13:00:30Z'))
    expect((await messagesOf(env(), contactId)).map((m) => m.body)).toEqual(['Semanal atrasado'])
  })

  test('two workers sweeping at the same moment send a schedule once', async () => {
    const { adminToken, contactId } = await setup(env())
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await schedule(env(), adminToken, { body: `Mensagem ${i} agendada`, contactId, sendAt: '2026-11-20T08:00:00Z' })).id)
    const now = new Date('2026-11-20T08:00:30Z')
    await Promise.all([sweepDueSchedules(env().services.db, now), sweepDueSchedules(env().services.db, now)])
    const bodies = (await messagesOf(env(), contactId)).map((m) => m.body).sort()
    expect(bodies).toEqual(['Mensagem 0 agendada', 'Mensagem 1 agendada', 'Mensagem 2 agendada'])
    for (const id of ids) expect((await scheduleRow(env(), id)).status).toBe('ENVIADA')
  })

  test('a schedule that cannot be sent is ERRO with the reason, and saving it again retries', async () => {
    const { adminToken, contactId } = await setup(env(), { connection: false })
    const json = { body: 'Sem conexão', contactId, sendAt: '2026-11-20T07:00:00Z' }
    const s = await schedule(env(), adminToken, json)
    const result = await sweepDueSchedules(env().services.db, new Date('2026-11-20T07:00:30Z'))
    expect(result.failed).toBeGreaterThanOrEqual(1)
    expect(await scheduleRow(env(), s.id)).toMatchObject({ status: 'ERRO', sendError: 'ERR_NO_DEF_WAPP_FOUND', sentAt: null, repeatCount: 0 })
    expect(await messagesOf(env(), contactId)).toHaveLength(0)
    const saved = await call(env(), 'PUT', `/schedules/${s.id}`, { token: adminToken, json })
    expect(saved.body).toMatchObject({ status: 'PENDENTE', sendError: null })
  })

  test('an expired or inactive company keeps its schedules pending (issue 15 item 12)', async () => {
    const { companyId, adminToken, contactId } = await setup(env())
    const s = await schedule(env(), adminToken, { body: 'Empresa sem pagar', contactId, sendAt: '2026-11-20T06:00:00Z' })
    const now = new Date('2026-11-20T06:00:30Z')
    await withSystem(env().services.db, (tx) => tx`update companies set due_date = '2026-11-19' where id = ${companyId}`)
    await sweepDueSchedules(env().services.db, now)
    expect((await scheduleRow(env(), s.id)).status).toBe('PENDENTE')
    await withSystem(env().services.db, (tx) => tx`update companies set due_date = '2026-12-19', status = false where id = ${companyId}`)
    await sweepDueSchedules(env().services.db, now)
    expect((await scheduleRow(env(), s.id)).status).toBe('PENDENTE')
    expect(await messagesOf(env(), contactId)).toHaveLength(0)
    await withSystem(env().services.db, (tx) => tx`update companies set status = true where id = ${companyId}`)
    await sweepDueSchedules(env().services.db, now)
    expect((await scheduleRow(env(), s.id)).status).toBe('ENVIADA')
  })

  test('a company whose plan lost useSchedules keeps its schedules pending', async () => {
    const { planId, adminToken, contactId } = await setup(env())
    const s = await schedule(env(), adminToken, { body: 'Plano sem agenda', contactId, sendAt: '2026-11-20T06:00:00Z' })
    await withSystem(env().services.db, (tx) => tx`update plans set use_schedules = false where id = ${planId}`)
    await sweepDueSchedules(env().services.db, new Date('2026-11-20T06:00:30Z'))
    expect((await scheduleRow(env(), s.id)).status).toBe('PENDENTE')
    expect(await messagesOf(env(), contactId)).toHaveLength(0)
  })
})
