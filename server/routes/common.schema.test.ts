import { describe, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany } from '../../test/factories.ts'
import { withSystem } from '../db/tenant.ts'
import { idField } from './common.schema.ts'

describe('idField (issue 16 item 9)', () => {
  test('takes a JSON number or a string of digits; spaces, hex, exponents, signs and fractions are refused', () => {
    expect(idField().parse('12')).toBe(12)
    expect(idField().parse(12)).toBe(12)
    for (const loose of [' 1', '1 ', '0x10', '1e3', '+1', '-1', '1.0', '1.5', '', '0', 0, 1.5, null, {}, '2147483648']) {
      expect(idField().safeParse(loose).success).toBe(false)
    }
  })

  test('a required id keeps its own message whatever was wrong', () => {
    const r = idField('Obrigatório').safeParse('0x10')
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Obrigatório'])
  })
})

describeEachBackend('loose ids in paths, queries and bodies are a 400 (issue 16 item 9)', (env) => {
  test('DELETE /contacts/%201 and friends refuse and delete nothing', async () => {
    const { adminToken } = await createCompany(env())
    const created = await call(env(), 'POST', '/contacts', { token: adminToken, json: { name: 'Ana Loose', number: '5511955550009' } })
    expect(created.status).toBe(201)
    const id = created.body.id as number
    for (const loose of [`%20${id}`, `0x${id.toString(16)}`, `${id}e0`, `${id}.0`]) {
      const res = await call(env(), 'DELETE', `/contacts/${loose}`, { token: adminToken })
      expect({ loose, status: res.status, error: res.body.error }).toEqual({ loose, status: 400, error: 'ERR_VALIDATION' })
    }
    const list = await call(env(), 'GET', `/schedules?contactId=%20${id}`, { token: adminToken })
    expect(list.status).toBe(400)
    const [{ n }] = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from contacts where id = ${id}`)
    expect(n).toBe(1)
  })
})
