import { expect, test } from 'bun:test'
import { withSystem } from '../server/db/tenant.ts'
import { routeInbound } from '../server/domain/routing/index.ts'
import { describeEachBackend, type TestEnv } from '../test/env.ts'
import { createCompany, createConnection, createUser, uniq } from '../test/factories.ts'
import { call } from '../test/http.ts'
import type { ChannelDriver, OutboundMessage } from './channels/types.ts'
import { runCampaignBatch, startDueCampaigns } from './campaigns.ts'
import { handleChannelEvent } from './inbound/handle-channel-event.ts'
import { runSendBatch } from './outbound.ts'

const q = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)

/** A company with campaigns on, a simulator connection and a contact list of `n` valid numbers. */
async function setup(env: TestEnv, n: number, settings: Record<string, string> = { messageInterval: '0', longerIntervalAfter: '0', greaterInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' }) {
  const company = await createCompany(env, { plan: { useCampaigns: true } })
  const conn = await createConnection(env, company.companyId, { channel: 'simulator' })
  const listId = await q(env, async (tx) => {
    await tx`update company_settings set campaigns_enabled = true where company_id = ${company.companyId}`
    for (const [key, value] of Object.entries(settings)) {
      await tx`insert into campaign_settings (company_id, key, value) values (${company.companyId}, ${key}, ${value})
               on conflict (company_id, key) do update set value = excluded.value`
    }
    const [list] = await tx`insert into contact_lists ${tx({ companyId: company.companyId, name: uniq('Lista ') })} returning id`
    for (let i = 0; i < n; i++) {
      await tx`insert into contact_list_items ${tx({ companyId: company.companyId, contactListId: list.id, name: `Pessoa ${i}`,
        number: `55119${String(80000000 + i).padStart(8, '0')}`, email: `p${i}@x.com`, isWhatsappValid: true })}`
    }
    await tx`insert into contact_list_items ${tx({ companyId: company.companyId, contactListId: list.id, name: 'Sem WhatsApp', number: '5511900000001', isWhatsappValid: false })}`
    return list.id as number
  })
  return { ...company, token: company.adminToken, conn, listId }
}

function recorder() {
  const sent: OutboundMessage[] = []
  const driver: ChannelDriver = {
    kind: 'simulator', start: async () => {}, stop: async () => {}, logout: async () => {},
    send: async (m) => (sent.push(m), { externalId: `SIM-${m.messageId}`, ack: 1 }),
  }
  return { sent, driver }
}

function workerDeps(env: TestEnv, owner = uniq('w')) {
  const s = env.services
  return { db: s.db, events: s.events, media: s.media, now: () => env.clock.now, owner, log: () => {}, random: () => 0 }
}

/** Starts due campaigns and sends everything due now, as the worker loop does. */
async function runDue(env: TestEnv, driver: ChannelDriver) {
  await startDueCampaigns(workerDeps(env))
  while ((await runCampaignBatch(workerDeps(env))) > 0) { /* drain */ }
  while ((await runSendBatch({ ...workerDeps(env), driverFor: () => driver }, [])) > 0) { /* drain */ }
}

const create = async (env: TestEnv, token: string, json: Record<string, unknown>) => {
  const r = await call(env, 'POST', '/campaigns', { token, json })
  if (r.status !== 201) throw new Error(JSON.stringify(r.body))
  return r.body as { id: number; status: string }
}
const campaignOf = async (env: TestEnv, token: string, id: number) => (await call(env, 'GET', `/campaigns/${id}`, { token })).body as any

describeEachBackend('campaign dispatcher (issue 20)', (env) => {
  test('a campaign for now sends one message per valid number with variables filled, then is FINALIZADA', async () => {
    const { token, conn, listId } = await setup(env(), 3)
    const { sent, driver } = recorder()
    const c = await create(env(), token, {
      name: 'Black Friday', whatsappId: conn.id, contactListId: listId, scheduledAt: env().clock.now.toISOString(),
      message1: 'Oi {nome}, seu número {numero} e email {email}', message2: '',
    })
    expect(c.status).toBe('PROGRAMADA')
    await runDue(env(), driver)
    expect(sent).toHaveLength(3)
    expect(sent.map((m) => m.body).sort()).toEqual([0, 1, 2].map((i) => `Oi Pessoa ${i}, seu número 55119${80000000 + i} e email p${i}@x.com`).sort())
    const done = await campaignOf(env(), token, c.id)
    expect(done).toMatchObject({ status: 'FINALIZADA', progress: { valid: 3, delivered: 3, failed: 0 } })
    expect(done.completedAt).not.toBeNull()
    // The list reads the same counts (one grouped read for the page's started campaigns).
    const list = (await call(env(), 'GET', '/campaigns', { token })).body as any
    expect(list.records.find((r: any) => r.id === c.id).progress).toEqual(done.progress)
    // Nothing more goes out on later runs.
    await runDue(env(), driver)
    expect(sent).toHaveLength(3)
    // openTicket disabled: each message is recorded on a ticket closed at once, in nobody's queue.
    const tickets = await q(env(), (tx) => tx`select t.status, t.user_id from tickets t join campaign_shipping s on s.ticket_id = t.id where s.campaign_id = ${c.id}`)
    expect(tickets.map((t: any) => t.status)).toEqual(['closed', 'closed', 'closed'])
  })

  test('sends wait for their planned time: messageInterval apart and greaterInterval after every longerIntervalAfter', async () => {
    const { token, conn, listId } = await setup(env(), 4, { messageInterval: '20', longerIntervalAfter: '2', greaterInterval: '60', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' })
    const { sent, driver } = recorder()
    const start = env().clock.now
    const c = await create(env(), token, { name: 'Pausada', whatsappId: conn.id, contactListId: listId, scheduledAt: start.toISOString(), message1: 'Oi' })
    const planned = async () => (await q(env(), (tx) => tx`select planned_at from campaign_shipping where campaign_id = ${c.id} order by id`)).map((r: any) => (r.plannedAt.getTime() - start.getTime()) / 1000)
    try {
      await runDue(env(), driver)
      expect(await planned()).toEqual([0, 20, 100, 120])
      expect(sent).toHaveLength(1)
      env().clock.advance(20_000)
      await runDue(env(), driver)
      expect(sent).toHaveLength(2)
      env().clock.advance(79_000)
      await runDue(env(), driver)
      expect(sent).toHaveLength(2)
      env().clock.advance(21_000)
      await runDue(env(), driver)
      expect(sent).toHaveLength(4)
      expect((await campaignOf(env(), token, c.id)).status).toBe('FINALIZADA')
    } finally {
      env().clock.now = start
    }
  })

  test('cancel drops the pending sends; restart sends only to those not reached', async () => {
    const { token, conn, listId } = await setup(env(), 3, { messageInterval: '60', longerIntervalAfter: '0', greaterInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' })
    const { sent, driver } = recorder()
    const start = env().clock.now
    const c = await create(env(), token, { name: 'Parar', whatsappId: conn.id, contactListId: listId, scheduledAt: start.toISOString(), message1: 'Oi {nome}' })
    try {
      await runDue(env(), driver)
      expect(sent).toHaveLength(1)
      const refused = await call(env(), 'POST', `/campaigns/${c.id}/restart`, { token })
      expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_CANCELLED' } })
      const cancelled = await call(env(), 'POST', `/campaigns/${c.id}/cancel`, { token })
      expect(cancelled.body).toMatchObject({ status: 'CANCELADA' })
      env().clock.advance(600_000)
      await runDue(env(), driver)
      expect(sent).toHaveLength(1)
      const restarted = await call(env(), 'POST', `/campaigns/${c.id}/restart`, { token })
      expect(restarted.body).toMatchObject({ status: 'EM_ANDAMENTO' })
      env().clock.advance(600_000)
      await runDue(env(), driver)
      expect(sent.map((m) => m.body).sort()).toEqual(['Oi Pessoa 0', 'Oi Pessoa 1', 'Oi Pessoa 2'])
      // (The admin's token has expired on the advanced clock: the rows tell.)
      const [row] = await q(env(), (tx) => tx`
        select k.status, (select count(delivered_at)::int from campaign_shipping where campaign_id = k.id) as delivered from campaigns k where k.id = ${c.id}`)
      expect(row).toEqual({ status: 'FINALIZADA', delivered: 3 })
    } finally {
      env().clock.now = start
    }
  })

  test('with confirmation the question goes first; only a reply from that contact on that connection sends the message', async () => {
    const { token, conn, listId, companyId } = await setup(env(), 2)
    const other = await createConnection(env(), companyId, { channel: 'simulator' })
    const { sent, driver } = recorder()
    const c = await create(env(), token, {
      name: 'Confirma', whatsappId: conn.id, contactListId: listId, scheduledAt: env().clock.now.toISOString(),
      message1: 'Aqui está o cupom, {nome}', confirmation: true, confirmationMessage1: 'Posso enviar o cupom, {nome}?',
    })
    await runDue(env(), driver)
    expect(sent.map((m) => m.body).sort()).toEqual(['Posso enviar o cupom, Pessoa 0?', 'Posso enviar o cupom, Pessoa 1?'])
    expect(await campaignOf(env(), token, c.id)).toMatchObject({ status: 'FINALIZADA', progress: { confirmationRequested: 2, confirmed: 0, delivered: 0 } })
    const inbound = { db: env().services.db, media: env().services.media, events: env().services.events, now: () => env().clock.now, route: routeInbound }
    const reply = (connection: { id: number }, number: string) => handleChannelEvent(inbound, { id: connection.id, companyId, channel: 'simulator' }, {
      kind: 'message', message: { externalId: uniq('in'), fromMe: false, timestamp: env().clock.now, peer: { number, name: 'x' }, body: 'Sim', mediaType: 'chat' } as never,
    })
    // Pessoa 0 answers on another connection: that is another conversation, it confirms nothing.
    await reply(other, '5511980000000')
    await runDue(env(), driver)
    expect(sent).toHaveLength(2)
    await reply(conn, '5511980000000')
    await runDue(env(), driver)
    expect(sent.map((m) => m.body)).toContain('Aqui está o cupom, Pessoa 0')
    expect(sent).toHaveLength(3)
    expect((await campaignOf(env(), token, c.id)).progress).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1 })
  })

  test('openTicket enabled opens the ticket for the user and queue; an attendant\'s live ticket is left as it is', async () => {
    const { token, conn, listId, companyId } = await setup(env(), 2)
    const carla = await createUser(env(), companyId, { name: uniq('Carla ') })
    const [queue] = await q(env(), (tx) => tx`insert into queues ${tx({ companyId, name: uniq('Vendas '), color: '#112233' })} returning id`)
    // Pessoa 1 is already talking to someone: the campaign must not close or take that ticket.
    const live = await q(env(), async (tx) => {
      const [contact] = await tx`insert into contacts ${tx({ companyId, name: 'Pessoa 1', number: '5511980000001', channel: 'simulator' })} returning id`
      const [t] = await tx`insert into tickets ${tx({ companyId, contactId: contact.id, whatsappId: conn.id, status: 'open', channel: 'simulator', userId: carla.id })} returning id`
      return t.id as number
    })
    const { driver } = recorder()
    const c = await create(env(), token, {
      name: 'Abre', whatsappId: conn.id, contactListId: listId, scheduledAt: env().clock.now.toISOString(), message1: 'Oi',
      openTicket: 'enabled', statusTicket: 'open', userId: carla.id, queueId: queue.id,
    })
    await runDue(env(), driver)
    const rows = await q(env(), (tx) => tx`
      select s.number, t.id, t.status, t.user_id, t.queue_id from campaign_shipping s join tickets t on t.id = s.ticket_id
       where s.campaign_id = ${c.id} order by s.number`)
    expect(rows[0]).toMatchObject({ status: 'open', userId: carla.id, queueId: queue.id })
    expect(rows[1]).toMatchObject({ id: live, status: 'open', userId: carla.id, queueId: null })
  })

  test('a send claimed twice (a worker died after its commit) goes out once; two workers never send one row', async () => {
    const { token, conn, listId } = await setup(env(), 20)
    const { sent, driver } = recorder()
    await create(env(), token, { name: 'Dois', whatsappId: conn.id, contactListId: listId, scheduledAt: env().clock.now.toISOString(), message1: 'Oi {nome}' })
    await startDueCampaigns(workerDeps(env()))
    await Promise.all([runCampaignBatch(workerDeps(env()), 7), runCampaignBatch(workerDeps(env()), 7), runCampaignBatch(workerDeps(env()), 7)])
    // Every job again, as if their claims had expired after a crash: the shipping rows say they are dispatched.
    await q(env(), (tx) => tx`update jobs set done_at = null, locked_until = null where queue = 'campaign'`)
    while ((await runCampaignBatch(workerDeps(env()))) > 0) { /* drain */ }
    while ((await runSendBatch({ ...workerDeps(env()), driverFor: () => driver }, [])) > 0) { /* drain */ }
    expect(sent).toHaveLength(20)
    expect(new Set(sent.map((m) => m.body)).size).toBe(20)
  })

  test('while the company may not run campaigns (switch off) the sends wait, uncounted, and go once it may', async () => {
    const { token, conn, listId, companyId } = await setup(env(), 2, { messageInterval: '30', longerIntervalAfter: '0', greaterInterval: '0', startHour: '00:00', endHour: '23:59', sabado: 'true', domingo: 'true' })
    const { sent, driver } = recorder()
    const start = env().clock.now
    const c = await create(env(), token, { name: 'Pausa', whatsappId: conn.id, contactListId: listId, scheduledAt: start.toISOString(), message1: 'Oi {nome}' })
    try {
      await runDue(env(), driver)
      expect(sent).toHaveLength(1)
      await q(env(), (tx) => tx`update company_settings set campaigns_enabled = false where company_id = ${companyId}`)
      env().clock.advance(30_000)
      await runDue(env(), driver)
      expect(sent).toHaveLength(1)
      const [job] = await q(env(), (tx) => tx`select attempts, done_at from jobs where queue = 'campaign' and company_id = ${companyId} and done_at is null`)
      expect(job).toMatchObject({ attempts: 0, doneAt: null })
      await q(env(), (tx) => tx`update company_settings set campaigns_enabled = true where company_id = ${companyId}`)
      env().clock.advance(60_000)
      await runDue(env(), driver)
      expect(sent.map((m) => m.body).sort()).toEqual(['Oi Pessoa 0', 'Oi Pessoa 1'])
      const [row] = await q(env(), (tx) => tx`select status from campaigns where id = ${c.id}`)
      expect(row.status).toBe('FINALIZADA')
    } finally {
      env().clock.now = start
    }
  })

  test('a tag campaign sends to the tag\'s contacts with numbers, not groups; a file goes as its own message after the text', async () => {
    const { token, conn, companyId } = await setup(env(), 0)
    const { sent, driver } = recorder()
    const tagId = await q(env(), async (tx) => {
      const [tag] = await tx`insert into tags ${tx({ companyId, name: uniq('VIP '), color: '#aa0000' })} returning id`
      const people = [
        { name: 'Dora', number: '5511970000001', isGroup: false },
        { name: 'Eva', number: '5511970000002', isGroup: false },
        { name: 'Grupo', number: '120363000000000001', isGroup: true },
      ]
      for (const p of people) {
        const [c] = await tx`insert into contacts ${tx({ companyId, channel: 'simulator', ...p })} returning id`
        await tx`insert into contact_tags ${tx({ companyId, contactId: c.id, tagId: tag.id })}`
      }
      return tag.id as number
    })
    // As the dialog saves a campaign for now with a file: unscheduled, then its file, then its time.
    const fields = { name: 'Por tag', whatsappId: conn.id, tagListId: tagId, message1: 'Oi {nome}' }
    const c = await create(env(), token, fields)
    const png = new File([Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'))], 'oferta.png', { type: 'image/png' })
    const form = new FormData()
    form.append('file', png)
    const uploaded = await call(env(), 'POST', `/campaigns/${c.id}/media-upload`, { token, form })
    expect(uploaded.body).toMatchObject({ mediaName: 'oferta.png' })
    const scheduled = await call(env(), 'PUT', `/campaigns/${c.id}`, { token, json: { ...fields, scheduledAt: env().clock.now.toISOString() } })
    expect(scheduled.body).toMatchObject({ status: 'PROGRAMADA', mediaName: 'oferta.png' })
    // Once due, its file can no longer change.
    const late = await call(env(), 'DELETE', `/campaigns/${c.id}/media-upload`, { token })
    expect(late).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } })
    await runDue(env(), driver)
    const byPerson = (n: string) => sent.filter((m) => m.to.number === n).map((m) => m.kind === 'media' ? `file ${m.media?.fileName}` : m.body)
    expect(byPerson('5511970000001')).toEqual(['Oi Dora', 'file oferta.png'])
    expect(byPerson('5511970000002')).toEqual(['Oi Eva', 'file oferta.png'])
    expect(sent).toHaveLength(4)
    const [row] = await q(env(), (tx) => tx`select status from campaigns where id = ${c.id}`)
    expect(row.status).toBe('FINALIZADA')
  })

  test('validation: target required, queue with a user, editable only while INATIVA or PROGRAMADA over an hour ahead', async () => {
    const { token, conn, listId } = await setup(env(), 1)
    const none = await call(env(), 'POST', '/campaigns', { token, json: { name: 'Sem alvo', whatsappId: conn.id, message1: 'Oi' } })
    expect(none).toMatchObject({ status: 400, body: { error: 'ERR_CAMPAIGN_NO_TARGET' } })
    const fieldsOf = async (json: Record<string, unknown>) => {
      const r = await call(env(), 'POST', '/campaigns', { token, json })
      expect(r.status).toBe(400)
      return (r.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()
    }
    expect(await fieldsOf({ name: 'A', contactListId: listId, message1: 'Oi' })).toEqual(['name', 'whatsappId'])
    expect(await fieldsOf({ name: 'Sem texto', whatsappId: conn.id, contactListId: listId, openTicket: 'enabled', userId: 1, message1: ' ' }))
      .toEqual(['message1', 'queueId'])
    expect(await fieldsOf({ name: 'Pergunta', whatsappId: conn.id, contactListId: listId, message1: 'Oi', confirmation: true })).toEqual(['confirmationMessage1'])
    const soon = await create(env(), token, { name: 'Logo', whatsappId: conn.id, contactListId: listId, message1: 'Oi',
      scheduledAt: new Date(env().clock.now.getTime() + 30 * 60_000).toISOString() })
    const edit = await call(env(), 'PUT', `/campaigns/${soon.id}`, { token, json: { name: 'Mudou', whatsappId: conn.id, contactListId: listId, message1: 'Oi' } })
    expect(edit).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } })
    const later = await create(env(), token, { name: 'Depois', whatsappId: conn.id, contactListId: listId, message1: 'Oi',
      scheduledAt: new Date(env().clock.now.getTime() + 3 * 3600_000).toISOString() })
    const ok = await call(env(), 'PUT', `/campaigns/${later.id}`, { token, json: { name: 'Mudou', whatsappId: conn.id, contactListId: listId, message1: 'Oi' } })
    expect(ok.body).toMatchObject({ name: 'Mudou', status: 'INATIVA', scheduledAt: null })
  })
})
