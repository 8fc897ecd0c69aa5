import { expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

describeEachBackend('quick messages', (env) => {
  test('users see general ones, their own and shared ones; the list serves the chat menu', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const ana = await createUser(env(), companyId)
    const bia = await createUser(env(), companyId)
    const general = await call(env(), 'POST', '/quick-messages', { token: adminToken, json: { shortcode: 'ola', message: 'Olá! Como posso ajudar?', geral: true } })
    expect(general.status).toBe(201)
    await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: 'pix', message: 'Nossa chave pix é...', visao: true } })
    await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: 'segredo', message: 'só minha', visao: false } })
    const forBia = await call(env(), 'GET', '/quick-messages/list', { token: bia.token })
    expect(forBia.body.map((m: { shortcode: string }) => m.shortcode)).toEqual(['ola', 'pix'])
    const forAna = await call(env(), 'GET', '/quick-messages/list', { token: ana.token })
    expect(forAna.body.map((m: { shortcode: string }) => m.shortcode)).toEqual(['ola', 'pix', 'segredo'])
    const search = await call(env(), 'GET', '/quick-messages?searchParam=CHAVE', { token: bia.token })
    expect(search.body.records.map((m: { shortcode: string }) => m.shortcode)).toEqual(['pix'])
  })

  test('only admins manage general ones; a shared message of another user is read-only; shortcodes are unique', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const ana = await createUser(env(), companyId)
    const bia = await createUser(env(), companyId)
    expect((await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: 'geral', geral: true } })).status).toBe(403)
    const shared = await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: uniq('s'), message: 'a', visao: true } })
    const edit = { shortcode: shared.body.shortcode, message: 'mudado' }
    expect((await call(env(), 'PUT', `/quick-messages/${shared.body.id}`, { token: bia.token, json: edit })).status).toBe(403)
    expect((await call(env(), 'DELETE', `/quick-messages/${shared.body.id}`, { token: bia.token })).status).toBe(403)
    expect((await call(env(), 'PUT', `/quick-messages/${shared.body.id}`, { token: ana.token, json: edit })).body.message).toBe('mudado')
    const missing = await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: '' } })
    expect(missing.body.fields).toEqual([{ field: 'shortcode', message: 'Obrigatório' }])
    await call(env(), 'POST', '/quick-messages', { token: adminToken, json: { shortcode: 'Prazo', geral: true } })
    const dup = await call(env(), 'POST', '/quick-messages', { token: adminToken, json: { shortcode: 'prazo', geral: true } })
    expect(dup.status).toBe(409)
    expect(dup.body).toMatchObject({ error: 'ERR_SHORTCODE_ALREADY_EXISTS', field: 'shortcode' })
    // A personal answer may shadow a general one.
    expect((await call(env(), 'POST', '/quick-messages', { token: ana.token, json: { shortcode: 'prazo' } })).status).toBe(201)
  })

  test('an attachment is uploaded, replaced and removed; another company never sees the message', async () => {
    const { adminToken } = await createCompany(env())
    const m = await call(env(), 'POST', '/quick-messages', { token: adminToken, json: { shortcode: 'boleto', geral: true } })
    const form = new FormData()
    form.set('typeArch', new File([new TextEncoder().encode('%PDF-1.4')], 'boleto.pdf', { type: 'application/pdf' }))
    const up = await call(env(), 'POST', `/quick-messages/${m.body.id}/media-upload`, { token: adminToken, form })
    expect(up.status).toBe(200)
    expect(up.body.mediaName).toBe('boleto.pdf')
    const removed = await call(env(), 'DELETE', `/quick-messages/${m.body.id}/media-upload`, { token: adminToken })
    expect(removed.body.mediaPath).toBeNull()
    const other = await createCompany(env())
    expect((await call(env(), 'GET', `/quick-messages/${m.body.id}`, { token: other.adminToken })).status).toBe(404)
  })
})
