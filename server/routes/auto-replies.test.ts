import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { formWith, PNG_1PX } from '../../test/files.ts'
import { call } from '../../test/http.ts'
import type { DomainEvent } from '../domain/context.ts'

const SLOW = 30_000
const fieldsOf = (body: any) => (body.fields ?? []).map((f: { field: string }) => f.field).sort()

describeEachBackend('auto-replies (issue 22)', (env) => {
  test('an admin adds, pages, searches, edits, attaches a file, reads it back, removes it and deletes', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => e.type === 'autoReply' && e.companyId === companyId && events.push(JSON.parse(JSON.stringify(e))))
    const created = await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { keyword: 'Horário', response: 'Atendemos das 8h às 18h.' } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ keyword: 'Horário', condition: 'equal', response: 'Atendemos das 8h às 18h.', mediaPath: null })
    for (let i = 0; i < 21; i++) await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { keyword: `palavra ${String(i).padStart(2, '0')}`, condition: 'contains', response: 'x' } })
    const first = await call(env(), 'GET', '/auto-replies/?pageNumber=1', { token: adminToken })
    expect({ n: first.body.autoReplies.length, more: first.body.hasMore }).toEqual({ n: 20, more: true })
    const second = await call(env(), 'GET', '/auto-replies/?pageNumber=2', { token: adminToken })
    expect({ n: second.body.autoReplies.length, more: second.body.hasMore }).toEqual({ n: 2, more: false })
    expect((await call(env(), 'GET', '/auto-replies/?searchParam=HOR', { token: adminToken })).body.autoReplies.map((r: { id: number }) => r.id)).toEqual([created.body.id])
    const edited = await call(env(), 'PUT', `/auto-replies/${created.body.id}`, { token: adminToken, json: { keyword: 'horario', condition: 'startsWith', response: 'Das 8h às 18h.' } })
    expect(edited.body).toMatchObject({ keyword: 'horario', condition: 'startsWith' })
    const up = await call(env(), 'POST', `/auto-replies/${created.body.id}/media-upload`, { token: adminToken, form: formWith('file', PNG_1PX, 'mapa.png', 'image/png') })
    expect(up.body).toMatchObject({ mediaName: 'mapa.png', mediaPath: expect.stringMatching(/\.png$/) })
    const blob = await env().app.request(`/auto-replies/${created.body.id}/media`, { headers: { authorization: `Bearer ${adminToken}` } })
    expect({ status: blob.status, type: blob.headers.get('content-type'), size: (await blob.arrayBuffer()).byteLength }).toEqual({ status: 200, type: 'image/png', size: PNG_1PX.byteLength })
    const path = env().services.media.pathOf(companyId, up.body.mediaPath)!
    expect((await call(env(), 'DELETE', `/auto-replies/${created.body.id}/media-upload`, { token: adminToken })).body.mediaPath).toBeNull()
    expect(existsSync(path)).toBe(false)
    expect((await call(env(), 'GET', `/auto-replies/${created.body.id}/media`, { token: adminToken })).status).toBe(404)
    expect((await call(env(), 'DELETE', `/auto-replies/${created.body.id}`, { token: adminToken })).status).toBe(200)
    expect((await call(env(), 'GET', `/auto-replies/${created.body.id}`, { token: adminToken })).status).toBe(404)
    stop()
    // Each change is told to the company's admins (company-{id}-autoReply), the 21 other rules' creations too.
    const mine = events.filter((e) => (e.payload as any).autoReply?.id === created.body.id || (e.payload as any).autoReplyId === created.body.id)
    expect(mine.map((e) => (e.payload as { action: string }).action)).toEqual(['create', 'update', 'update', 'update', 'delete'])
    expect(events).toHaveLength(26)
  }, SLOW)

  test("keyword, condition and response required ('Obrigatório'); an unknown condition or NUL is refused; admins only; another company's is 404", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const cases: [Record<string, unknown>, string[]][] = [
      [{ keyword: '', response: 'x' }, ['keyword']],
      [{ keyword: 'a', response: ' ' }, ['response']],
      [{ keyword: 'a', response: 'x', condition: 'regex' }, ['condition']],
      [{ keyword: 'a\u0000', response: 'x' }, ['keyword']],
    ]
    for (const [json, fields] of cases) {
      const res = await call(env(), 'POST', '/auto-replies', { token: adminToken, json })
      expect({ json, status: res.status, fields: fieldsOf(res.body) }).toEqual({ json, status: 400, fields })
    }
    expect((await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { response: 'x' } })).body.fields[0].message).toBe('Obrigatório')
    const user = await createUser(env(), companyId)
    expect((await call(env(), 'GET', '/auto-replies/', { token: user.token })).status).toBe(403)
    const mine = (await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { keyword: 'oi', response: 'olá' } })).body
    const other = await createCompany(env())
    for (const [method, json] of [['GET', undefined], ['PUT', { keyword: 'x', response: 'y' }], ['DELETE', undefined]] as const) {
      expect((await call(env(), method, `/auto-replies/${mine.id}`, { token: other.adminToken, json })).status).toBe(404)
    }
  }, SLOW)
})
