import { expect, test, describe } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, superToken, uniq } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'
import { withSystem } from '../db/tenant.ts'

const TOKEN_RE = /^[A-Za-z0-9]{30}$/

async function addQueue(env: TestEnv, companyId: number): Promise<number> {
  return withSystem(env.services.db, async (tx) => {
    const [q] = await tx`insert into queues (company_id, name, color) values (${companyId}, ${uniq('Q')}, ${uniq('#')}) returning id`
    return q.id as number
  })
}

async function setRatings(env: TestEnv, companyId: number, on: boolean) {
  await withSystem(env.services.db, (tx) => tx`update company_settings set user_rating = ${on ? 'enabled' : 'disabled'} where company_id = ${companyId}`)
}

const fieldsOf = (body: { fields?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]))

describeEachBackend('connections: create, read, update, delete', (env) => {
  test('an admin creates a connection: spec defaults, a 30-character token, queues and queueIds', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const queueId = await addQueue(env(), companyId)
    const res = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Vendas', queueIds: [queueId], queues: [{ id: 9 }], session: 0 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Vendas', channel: 'whatsapp', status: 'DISCONNECTED', companyId, provider: 'beta', maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3, timeUseBotQueues: 0, timeSendQueue: 0, expiresTicket: 0, groupAsTicket: 'disabled', queueIds: [queueId],
    })
    expect(res.body.queues).toEqual([{ id: queueId, name: expect.any(String), color: expect.any(String) }])
    expect(res.body.token).toMatch(TOKEN_RE)
    expect(res.body.channelConfig).toBeUndefined()
    const read = await call(env(), 'GET', `/whatsapp/${res.body.id}`, { token: adminToken })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: res.body.id, qrcode: '', token: res.body.token, queueIds: [queueId] })
  })

  test('GET /whatsapp/filter lists the connections of one channel (issue 17), not a connection called "filter"', async () => {
    const { companyId, adminToken } = await createCompany(env())
    await withSystem(env().services.db, async (tx) => {
      await tx`insert into whatsapps (company_id, name, channel) values (${companyId}, 'Zap', 'whatsapp'), (${companyId}, 'Página', 'facebook')`
    })
    const fb = await call(env(), 'GET', '/whatsapp/filter?channel=facebook&session=0', { token: adminToken })
    expect(fb.status).toBe(200)
    expect(fb.body.map((c: { name: string }) => c.name)).toEqual(['Página'])
    const all = await call(env(), 'GET', '/whatsapp/filter', { token: adminToken })
    expect(all.body.map((c: { name: string }) => c.name).sort()).toEqual(['Página', 'Zap'])
    expect((await call(env(), 'GET', '/whatsapp/filter?channel=telegram', { token: adminToken })).status).toBe(400)
  })

  test('an empty token or regenerateToken draws a new one; a sent one is kept', async () => {
    const { adminToken } = await createCompany(env())
    const created = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Tok', token: '' } })
    const first = created.body.token
    expect(first).toMatch(TOKEN_RE)
    const same = await call(env(), 'PUT', `/whatsapp/${created.body.id}`, { token: adminToken, json: { name: 'Tok 2' } })
    expect(same.body.token).toBe(first)
    const emptied = await call(env(), 'PUT', `/whatsapp/${created.body.id}`, { token: adminToken, json: { token: '' } })
    expect(emptied.body.token).toMatch(TOKEN_RE)
    expect(emptied.body.token).not.toBe(first)
    const asked = await call(env(), 'PUT', `/whatsapp/${created.body.id}`, { token: adminToken, json: { regenerateToken: true } })
    expect(asked.body.token).toMatch(TOKEN_RE)
    expect(asked.body.token).not.toBe(emptied.body.token)
    const mine = 'A'.repeat(15) + 'b'.repeat(15)
    const kept = await call(env(), 'PUT', `/whatsapp/${created.body.id}`, { token: adminToken, json: { token: mine } })
    expect(kept.body.token).toBe(mine)
    const bad = await call(env(), 'PUT', `/whatsapp/${created.body.id}`, { token: adminToken, json: { token: 'short!' } })
    expect(bad.status).toBe(400)
  })

  test('GET /whatsapp/{id}/failed-events lists the events set aside, to those who manage connections only', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const conn = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Falhas' } })
    await withSystem(env().services.db, (tx) => tx`
      insert into channel_event_failures (company_id, whatsapp_id, kind, external_id, event, error, attempts)
      values (${companyId}, ${conn.body.id}, 'message', 'P1', ${tx.json({ kind: 'message' })}, 'value too long', 6)`)
    const res = await call(env(), 'GET', `/whatsapp/${conn.body.id}/failed-events`, { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject([{ kind: 'message', externalId: 'P1', error: 'value too long', attempts: 6 }])
    const plain = await createUser(env(), companyId)
    expect((await call(env(), 'GET', `/whatsapp/${conn.body.id}/failed-events`, { token: plain.token })).status).toBe(403)
    const other = await createCompany(env())
    expect((await call(env(), 'GET', `/whatsapp/${conn.body.id}/failed-events`, { token: other.adminToken })).status).toBe(404)
    // The page's summary: one count per connection with events set aside, the company's only.
    const counts = await call(env(), 'GET', '/whatsapp/failed-events', { token: adminToken })
    expect(counts.body).toMatchObject([{ whatsappId: conn.body.id, count: 1 }])
    expect((await call(env(), 'GET', '/whatsapp/failed-events', { token: other.adminToken })).body).toEqual([])
    expect((await call(env(), 'GET', '/whatsapp/failed-events', { token: plain.token })).status).toBe(403)
  })

  test('the first connection becomes the default, and setting another default clears the old one', async () => {
    const { adminToken } = await createCompany(env())
    // A simulator never becomes the default by itself: it reports replies delivered while nobody got them.
    const sim = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Teste', channel: 'simulator' } })
    expect(sim.status).toBe(201)
    expect(sim.body.isDefault).toBe(false)
    const a = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Alfa' } })
    expect(a.body.isDefault).toBe(true)
    const b = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Bravo' } })
    expect(b.body.isDefault).toBe(false)
    const c = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Charlie', isDefault: true } })
    expect(c.body.isDefault).toBe(true)
    await call(env(), 'PUT', `/whatsapp/${b.body.id}`, { token: adminToken, json: { isDefault: true } })
    const list = await call(env(), 'GET', '/whatsapp', { token: adminToken })
    expect(list.body.filter((w: { isDefault: boolean }) => w.isDefault).map((w: { name: string }) => w.name)).toEqual(['Bravo'])
  })

  test('the company keeps a default: unsetting it is ERR_NO_OTHER_WHATSAPP; deleting it passes it on', async () => {
    const { adminToken } = await createCompany(env())
    const a = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Alfa' } })
    const b = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Bravo' } })
    const unset = await call(env(), 'PUT', `/whatsapp/${a.body.id}`, { token: adminToken, json: { name: 'Alfa 2', isDefault: false } })
    expect(unset.status).toBe(400)
    expect(unset.body).toMatchObject({ error: 'ERR_NO_OTHER_WHATSAPP', field: 'isDefault' })
    const defaults = async () => (await call(env(), 'GET', '/whatsapp', { token: adminToken })).body.filter((w: { isDefault: boolean }) => w.isDefault).map((w: { name: string }) => w.name)
    expect(await defaults()).toEqual(['Alfa'])
    // Saying false about a connection that is not the default changes nothing and is fine.
    expect((await call(env(), 'PUT', `/whatsapp/${b.body.id}`, { token: adminToken, json: { isDefault: false } })).status).toBe(200)
    expect((await call(env(), 'DELETE', `/whatsapp/${a.body.id}`, { token: adminToken })).status).toBe(200)
    expect(await defaults()).toEqual(['Bravo'])
  })

  test('queueIds replace the connection queues', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const [q1, q2] = [await addQueue(env(), companyId), await addQueue(env(), companyId)]
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Filas', queueIds: [q1] } })
    const upd = await call(env(), 'PUT', `/whatsapp/${w.body.id}`, { token: adminToken, json: { queueIds: [q2] } })
    expect(upd.body.queueIds).toEqual([q2])
    const other = await createCompany(env())
    const foreign = await addQueue(env(), other.companyId)
    const refused = await call(env(), 'PUT', `/whatsapp/${w.body.id}`, { token: adminToken, json: { queueIds: [foreign] } })
    expect(refused.status).toBe(400)
    expect(fieldsOf(refused.body)).toEqual({ queueIds: 'Unknown queue' })
  })

  test('names are 2-50 characters and unique within the company', async () => {
    const { adminToken } = await createCompany(env())
    const short = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'A' } })
    expect(short.status).toBe(400)
    expect(fieldsOf(short.body)).toEqual({ name: 'Too Short!' })
    const long = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'x'.repeat(51) } })
    expect(fieldsOf(long.body)).toEqual({ name: 'Too Long!' })
    await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Suporte' } })
    const dup = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'suporte' } })
    expect(dup.status).toBe(409)
    expect(dup.body).toMatchObject({ error: 'ERR_NAME_ALREADY_EXISTS', field: 'name' })
    const other = await createCompany(env())
    expect((await call(env(), 'POST', '/whatsapp', { token: other.adminToken, json: { name: 'Suporte' } })).status).toBe(201)
  })

  test('the plan connection count caps creation with ERR_PLAN_LIMIT_CONNECTIONS', async () => {
    const { adminToken } = await createCompany(env(), { plan: { connections: 1 } })
    expect((await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'One' } })).status).toBe(201)
    const res = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Two' } })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ error: 'ERR_PLAN_LIMIT_CONNECTIONS', limit: 1 })
  })

  test('a channel the plan lacks is refused with ERR_PLAN_FEATURE_DISABLED', async () => {
    const { adminToken } = await createCompany(env(), { plan: { useFacebook: false } })
    const res = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'FB', channel: 'facebook' } })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED', feature: 'useFacebook' })
    const ig = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'IG', channel: 'instagram' } })
    expect(ig.status).toBe(201)
    const switched = await call(env(), 'PUT', `/whatsapp/${ig.body.id}`, { token: adminToken, json: { channel: 'facebook' } })
    expect(switched.status).toBe(403)
  })

  test('delete removes the connection and asks the worker to log its session out', async () => {
    const { adminToken } = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Gone' } })
    const del = await call(env(), 'DELETE', `/whatsapp/${w.body.id}`, { token: adminToken })
    expect(del.status).toBe(200)
    expect((await call(env(), 'GET', `/whatsapp/${w.body.id}`, { token: adminToken })).status).toBe(404)
    const jobs = await withSystem(env().services.db, (tx) => tx`select payload from jobs where queue = 'session' and (payload->>'whatsappId')::int = ${w.body.id}`)
    expect(jobs.map((j) => j.payload)).toEqual([{ whatsappId: w.body.id, action: 'logout' }])
    expect((await call(env(), 'DELETE', `/whatsapp/${w.body.id}`, { token: adminToken })).body.error).toBe('ERR_NO_WAPP_FOUND')
  })
})

describeEachBackend('connections: validation of the editor (spec part 2 §5)', (env) => {
  test('with ratings on, ratingMessage and a non-zero expiresTicketNPS are required', async () => {
    const { companyId, adminToken } = await createCompany(env())
    await setRatings(env(), companyId, true)
    const res = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'NPS' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('ERR_VALIDATION')
    expect(fieldsOf(res.body)).toEqual({ ratingMessage: 'whatsappModal.errorRatingMessage', expiresTicketNPS: 'whatsappModal.errorExpiresNPS' })
    const ok = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'NPS', ratingMessage: 'Nota de 0 a 10?', expiresTicketNPS: 5 } })
    expect(ok.status).toBe(201)
    await setRatings(env(), companyId, false)
    expect((await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Sem NPS' } })).status).toBe(201)
  })

  test('a redirect time needs a queue and a queue needs a time (errorSendQueue)', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const queueId = await addQueue(env(), companyId)
    const noQueue = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'R1', timeSendQueue: 5 } })
    expect(fieldsOf(noQueue.body)).toEqual({ sendIdQueue: 'whatsappModal.errorSendQueue' })
    const noTime = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'R2', sendIdQueue: queueId } })
    expect(fieldsOf(noTime.body)).toEqual({ timeSendQueue: 'whatsappModal.errorSendQueue' })
    const both = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'R3', sendIdQueue: queueId, timeSendQueue: 5 } })
    expect(both.status).toBe(201)
    const none = await call(env(), 'PUT', `/whatsapp/${both.body.id}`, { token: adminToken, json: { sendIdQueue: '', timeSendQueue: 0 } })
    expect(none.body).toMatchObject({ sendIdQueue: null, timeSendQueue: 0 })
  })

  test('import: old date within 2 years, recent date between it and now, a queue required', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const queueId = await addQueue(env(), companyId)
    const now = env().clock.now.getTime()
    const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString()
    const tooOld = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'I1', enableImportMessage: true, importOldMessages: iso(800), importRecentMessages: iso(1) },
    })
    expect(fieldsOf(tooOld.body)).toEqual({ importOldMessages: 'whatsappModal.errorImportOldDate', queueIdImportMessages: 'whatsappModal.errorImportQueue' })
    const reversed = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'I2', enableImportMessage: true, importOldMessages: iso(10), importRecentMessages: iso(20), queueIdImportMessages: queueId },
    })
    expect(fieldsOf(reversed.body)).toEqual({ importRecentMessages: 'whatsappModal.errorImportRecentDate' })
    const future = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'I3', enableImportMessage: true, importOldMessages: iso(10), importRecentMessages: iso(-1), queueIdImportMessages: queueId },
    })
    expect(fieldsOf(future.body)).toEqual({ importRecentMessages: 'whatsappModal.errorImportRecentDate' })
    const ok = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'I4', enableImportMessage: true, importOldMessages: iso(700), importRecentMessages: iso(0), queueIdImportMessages: queueId },
    })
    expect(ok.status).toBe(201)
    expect(ok.body.enableImportMessage).toBe(true)
  })

  test('collective vacation: both dates required with a message, not before 10 days ago', async () => {
    const { adminToken } = await createCompany(env())
    const missing = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'V1', collectiveVacationMessage: 'Férias!' } })
    expect(fieldsOf(missing.body)).toEqual({ collectiveVacationStart: 'whatsappModal.errorVacationDates', collectiveVacationEnd: 'whatsappModal.errorVacationDates' })
    const old = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'V2', collectiveVacationMessage: 'Férias!', collectiveVacationStart: '2026-11-01', collectiveVacationEnd: '2026-12-20' },
    })
    expect(fieldsOf(old.body)).toEqual({ collectiveVacationStart: 'whatsappModal.errorVacationDates' })
    const ok = await call(env(), 'POST', '/whatsapp', {
      token: adminToken,
      json: { name: 'V3', collectiveVacationMessage: 'Férias!', collectiveVacationStart: '2026-12-20', collectiveVacationEnd: '2027-01-05' },
    })
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ collectiveVacationStart: '2026-12-20', collectiveVacationEnd: '2027-01-05' })
  })

  test('schedules are saved as sent', async () => {
    const { adminToken } = await createCompany(env())
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }]
    const res = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Horas', schedules } })
    expect(res.body.schedules).toEqual(schedules)
    const bad = await call(env(), 'PUT', `/whatsapp/${res.body.id}`, { token: adminToken, json: { schedules: [{ ...schedules[0], startTimeA: '25:00' }] } })
    expect(bad.status).toBe(400)
  })
})

describeEachBackend('connections: who may do what (spec part 2 §6)', (env) => {
  test('a plain user lists connections without token or QR code, and cannot read, create, edit or delete', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Loja' } })
    await withSystem(env().services.db, (tx) => tx`update whatsapps set qrcode = 'secret-qr', status = 'qrcode' where id = ${w.body.id}`)
    const u = await createUser(env(), companyId)
    const list = await call(env(), 'GET', '/whatsapp', { token: u.token })
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({ name: 'Loja', status: 'qrcode', qrcode: '' })
    expect('token' in list.body[0]).toBe(false)
    expect((await call(env(), 'GET', `/whatsapp/${w.body.id}`, { token: u.token })).status).toBe(403)
    expect((await call(env(), 'POST', '/whatsapp', { token: u.token, json: { name: 'Nope' } })).status).toBe(403)
    expect((await call(env(), 'PUT', `/whatsapp/${w.body.id}`, { token: u.token, json: { name: 'Nope' } })).status).toBe(403)
    expect((await call(env(), 'DELETE', `/whatsapp/${w.body.id}`, { token: u.token })).status).toBe(403)
    const adminList = await call(env(), 'GET', '/whatsapp', { token: adminToken })
    expect(adminList.body[0]).toMatchObject({ qrcode: 'secret-qr', token: w.body.token })
  })

  test('the whatsapps shape carries the QR code only to those who manage connections, and never the token', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Sync QR' } })
    await withSystem(env().services.db, (tx) => tx`update whatsapps set qrcode = 'qr-for-admins', status = 'qrcode' where id = ${w.body.id}`)
    const plain = await createUser(env(), companyId)
    const delegated = await createUser(env(), companyId, { allowConnections: 'enabled' })
    const qrOf = async (token: string) => {
      const res = await call(env(), 'GET', '/v1/shape?table=whatsapps&offset=-1', { token })
      expect(res.status).toBe(200)
      const value = res.body.find((m: { value?: { id: string } }) => m.value?.id === String(w.body.id))?.value
      expect(value).toBeDefined()
      expect(value.token).toBeUndefined()
      expect(value.channel_config).toBeUndefined()
      return value.qrcode
    }
    expect(await qrOf(adminToken)).toBe('qr-for-admins')
    expect(await qrOf(delegated.token)).toBe('qr-for-admins')
    expect(await qrOf(plain.token)).toBe('')
  })

  test('a user with allowConnections is treated as admin for connections', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId, { allowConnections: 'enabled' })
    const w = await call(env(), 'POST', '/whatsapp', { token: u.token, json: { name: 'Delegado' } })
    expect(w.status).toBe(201)
    expect((await call(env(), 'GET', `/whatsapp/${w.body.id}`, { token: u.token })).body.token).toMatch(TOKEN_RE)
    expect((await call(env(), 'DELETE', `/whatsapp/${w.body.id}`, { token: u.token })).status).toBe(200)
  })

  test("another company's connection is not found, and only a super user lists another company", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: a.adminToken, json: { name: 'Privada' } })
    expect((await call(env(), 'GET', `/whatsapp/${w.body.id}`, { token: b.adminToken })).status).toBe(404)
    expect((await call(env(), 'PUT', `/whatsapp/${w.body.id}`, { token: b.adminToken, json: { name: 'X1' } })).status).toBe(404)
    expect((await call(env(), 'GET', `/whatsapp?companyId=${a.companyId}`, { token: b.adminToken })).status).toBe(403)
    const asSuper = await call(env(), 'GET', `/whatsapp?companyId=${a.companyId}&session=0`, { token: await superToken(env()) })
    expect(asSuper.body.map((x: { id: number }) => x.id)).toEqual([w.body.id])
  })

  test('GET /whatsapp/all and /whatsapp-admin/{id} are for the super user only', async () => {
    const a = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: a.adminToken, json: { name: 'Geral' } })
    expect((await call(env(), 'GET', '/whatsapp/all/?session=0', { token: a.adminToken })).status).toBe(403)
    expect((await call(env(), 'GET', `/whatsapp-admin/${w.body.id}`, { token: a.adminToken })).status).toBe(403)
    const sup = await superToken(env())
    const all = await call(env(), 'GET', '/whatsapp/all/?session=0', { token: sup })
    expect(all.status).toBe(200)
    const mine = all.body.find((x: { id: number }) => x.id === w.body.id)
    expect(mine).toMatchObject({ name: 'Geral', company: { id: a.companyId, name: expect.any(String) } })
    expect(mine.token).toBeUndefined()
    const one = await call(env(), 'GET', `/whatsapp-admin/${w.body.id}`, { token: sup })
    expect(one.body).toMatchObject({ id: w.body.id, companyId: a.companyId })
  })
})

describeEachBackend('connections: greeting media', (env) => {
  test('accepts an image or a video, replaces it, and removes it', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Mídia' } })
    const img = await call(env(), 'POST', `/whatsapp/${w.body.id}/media-upload`, { token: adminToken, form: formWith('file', PNG_1PX, 'oi.png', 'image/png') })
    expect(img.status).toBe(200)
    expect(img.body.greetingMediaAttachment).toMatch(/^[a-f0-9]{32}\.png$/)
    const path = env().services.media.pathOf(companyId, img.body.greetingMediaAttachment)!
    const vid = await call(env(), 'POST', `/whatsapp/${w.body.id}/media-upload`, { token: adminToken, form: formWith('file', 'fake-mp4-bytes', 'oi.mp4', 'video/mp4') })
    expect(vid.body.greetingMediaAttachment).toMatch(/\.mp4$/)
    expect(existsSync(path)).toBe(false)
    const del = await call(env(), 'DELETE', `/whatsapp/${w.body.id}/media-upload`, { token: adminToken })
    expect(del.body.greetingMediaAttachment).toBeNull()
  })

  test('refuses audio, documents and a fake image with ERR_INVALID_FILE_TYPE', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const w = await call(env(), 'POST', '/whatsapp', { token: adminToken, json: { name: 'Mídia 2' } })
    for (const [body, name, type] of [['ID3', 'a.mp3', 'audio/mpeg'], ['%PDF', 'a.pdf', 'application/pdf'], ['not a png', 'a.png', 'image/png']]) {
      const res = await call(env(), 'POST', `/whatsapp/${w.body.id}/media-upload`, { token: adminToken, form: formWith('file', body, name, type) })
      expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 400, error: 'ERR_INVALID_FILE_TYPE' })
    }
    const u = await createUser(env(), companyId)
    const plain = await call(env(), 'POST', `/whatsapp/${w.body.id}/media-upload`, { token: u.token, form: formWith('file', PNG_1PX, 'oi.png', 'image/png') })
    expect(plain.status).toBe(403)
  })
})

describe('connection token', () => {
  test('is 30 alphanumerics and differs between draws', async () => {
    const { generateToken } = await import('../domain/connections/connection-rules.ts')
    const tokens = new Set(Array.from({ length: 50 }, () => generateToken()))
    expect(tokens.size).toBe(50)
    for (const t of tokens) expect(t).toMatch(TOKEN_RE)
  })
})
