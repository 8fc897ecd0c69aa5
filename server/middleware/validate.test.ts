import { describe, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { dbErrorToAppError } from '../db/errors.ts'
import { assertStorableText, UNSTORABLE_TEXT } from './validate.ts'

describe('assertStorableText', () => {
  test('names every field, nested or in a list, that holds a NUL; clean data passes', () => {
    expect(() => assertStorableText({ name: 'Ana', tags: ['a', 'b'], extra: { note: 'ok' } })).not.toThrow()
    let fields: unknown
    try {
      assertStorableText({ name: 'A\u0000na', extra: { note: 'x\u0000' }, list: ['ok', '\u0000'] })
    } catch (err) {
      fields = (err as { details: { fields: unknown } }).details.fields
    }
    expect(fields).toEqual([
      { field: 'name', message: UNSTORABLE_TEXT },
      { field: 'extra.note', message: UNSTORABLE_TEXT },
      { field: 'list.1', message: UNSTORABLE_TEXT },
    ])
  })

  test('other control characters and lone surrogates are refused; tabs, line breaks and emoji pass', () => {
    for (const bad of ['a\u0001b', 'x\u001b[31m', 'del\u007f', 'half \ud800', '\udc00 half']) {
      expect(() => assertStorableText({ body: bad })).toThrow()
    }
    expect(() => assertStorableText({ body: 'linha 1\r\nlinha\t2 😀 \u2028 ok' })).not.toThrow()
  })

  test('a NUL that reaches Postgres anyway (22021, 22P05) is a 400, not a 500', () => {
    expect(dbErrorToAppError({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' })).toMatchObject({ code: 'ERR_VALIDATION', status: 400 })
    expect(dbErrorToAppError({ code: '22P05' })).toMatchObject({ code: 'ERR_VALIDATION', status: 400 })
  })
})

describeEachBackend('a NUL in any text is a 400 that writes nothing (issue 16 item 1)', (env) => {
  test('login, a contact name, a setting key and a message body', async () => {
    const login = await call(env(), 'POST', '/auth/login', { json: { email: 'x@example.com\u0000', password: 'x1234' } })
    expect(login.status).toBe(400)
    expect(login.body.error).toBe('ERR_VALIDATION')
    const { adminToken, companyId } = await createCompany(env())
    const contact = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Nu\u0000la', number: '5511955551111' } })
    expect(contact.status).toBe(400)
    expect(contact.body.fields).toContainEqual({ field: 'name', message: UNSTORABLE_TEXT })
    const [{ n }] = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from contacts where company_id = ${companyId}`)
    expect(n).toBe(0)
    expect((await call(env(), 'GET', '/setting/%00', { token: adminToken })).status).toBe(400)
    const note = await call(env(), 'POST', '/quick-messages', { token: adminToken, json: { shortcode: 'nul', message: 'a\u0000b' } })
    expect(note.status).toBe(400)
  })
})
