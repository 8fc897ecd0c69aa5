import { expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { call } from '../../test/http.ts'
import type { DomainEvent } from '../domain/context.ts'

describeEachBackend('company settings', (env) => {
  test('a plain user reads their own company settings with the defaults', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const res = await call(env(), 'GET', `/companySettings/${companyId}`, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      companyId,
      userRating: 'disabled',
      scheduleType: 'disabled',
      chatBotType: 'text',
      acceptCallWhatsapp: 'enabled',
      enableLGPD: 'disabled',
      closeTicketOnTransfer: false,
      AcceptCallWhatsappMessage: '',
      DirectTicketsToWallets: false,
    })
  })

  test("company B's admin cannot read company A's settings", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const res = await call(env(), 'GET', `/companySettings/${a.companyId}`, { token: b.adminToken })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_NO_PERMISSION')
  })

  test("the super user reads any company's settings", async () => {
    const { companyId } = await createCompany(env())
    const res = await call(env(), 'GET', `/companySettings/${companyId}`, { token: await superToken(env()) })
    expect(res.status).toBe(200)
    expect(res.body.companyId).toBe(companyId)
    const missing = await call(env(), 'GET', '/companySettings/999999', { token: await superToken(env()) })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('ERR_NO_COMPANY_FOUND')
  })

  test('companySettingOne answers one key of the own company as {column: value}', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    await call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'userRating', data: 'enabled' } })
    const res = await call(env(), 'GET', '/companySettingOne?column=userRating', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ userRating: 'enabled' })
  })

  test('companySettingOne for an unknown column answers 404 ERR_NO_SETTING_FOUND naming it', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'GET', '/companySettingOne?column=companyId', { token: adminToken })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_SETTING_FOUND')
    expect(res.body.message).toContain('companyId')
    const proto = await call(env(), 'GET', '/companySettingOne?column=constructor', { token: adminToken })
    expect(proto.status).toBe(404)
    const missing = await call(env(), 'GET', '/companySettingOne', { token: adminToken })
    expect(missing.status).toBe(400)
    expect(missing.body.fields[0].field).toBe('column')
  })

  test('an admin changes one setting and gets the full settings back, with an event', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(e))
    const res = await call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'scheduleType', data: 'queue' } })
    stop()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ companyId, scheduleType: 'queue', userRating: 'disabled' })
    expect(events).toEqual([{ type: 'companySettings', companyId, payload: { action: 'update', settings: res.body } }])
  })

  test('boolean settings accept true/false and enabled/disabled', async () => {
    const { adminToken } = await createCompany(env())
    const put = (data: unknown) => call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'DirectTicketsToWallets', data } })
    expect((await put(true)).body.DirectTicketsToWallets).toBe(true)
    expect((await put('disabled')).body.DirectTicketsToWallets).toBe(false)
    expect((await put('maybe')).status).toBe(400)
  })

  test('a value of the wrong kind answers 400 naming the key', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'userRating', data: 'on' } })
    expect(res.status).toBe(400)
    expect(res.body.fields).toEqual([{ field: 'userRating', message: "must be 'enabled' or 'disabled'" }])
    const unknown = await call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column: 'nope', data: 'x' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND')
  })

  test('enabling sendMsgTransfTicket while transferMessage is empty is a 400 naming transferMessage', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const put = (column: string, data: unknown) => call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column, data } })
    const refused = await put('sendMsgTransfTicket', 'enabled')
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('ERR_VALIDATION')
    expect(refused.body.fields).toEqual([{ field: 'transferMessage', message: 'Required' }])
    expect((await call(env(), 'GET', `/companySettings/${companyId}`, { token: adminToken })).body.sendMsgTransfTicket).toBe('disabled')
    expect((await put('transferMessage', 'Você foi transferido')).status).toBe(200)
    expect((await put('sendMsgTransfTicket', 'enabled')).body.sendMsgTransfTicket).toBe('enabled')
  })

  test('the message of a switched-on behaviour cannot be emptied', async () => {
    const { adminToken } = await createCompany(env())
    const put = (column: string, data: unknown) => call(env(), 'PUT', '/companySettings', { token: adminToken, json: { column, data } })
    expect((await put('AcceptCallWhatsappMessage', 'Não atendemos chamadas')).status).toBe(200)
    expect((await put('acceptCallWhatsapp', 'disabled')).status).toBe(200)
    const emptied = await put('AcceptCallWhatsappMessage', '  ')
    expect(emptied.status).toBe(400)
    expect(emptied.body.fields[0].field).toBe('AcceptCallWhatsappMessage')
  })

  test('a plain user cannot change company settings', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const res = await call(env(), 'PUT', '/companySettings', { token: u.token, json: { column: 'userRating', data: 'enabled' } })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_NO_PERMISSION')
  })

  test("an admin's change touches only their own company", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    await call(env(), 'PUT', '/companySettings', { token: b.adminToken, json: { column: 'requiredTag', data: 'enabled' } })
    const aSettings = await call(env(), 'GET', `/companySettings/${a.companyId}`, { token: a.adminToken })
    expect(aSettings.body.requiredTag).toBe('disabled')
  })
})
