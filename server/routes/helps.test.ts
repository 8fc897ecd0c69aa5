import { expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, superToken, uniq } from '../../test/factories.ts'
import { call } from '../../test/http.ts'

describeEachBackend('helps', (env) => {
  const createHelp = async (fields: Record<string, unknown> = {}) => {
    const res = await call(env(), 'POST', '/helps', {
      token: await superToken(env()),
      json: { title: uniq('Help '), description: 'How to', video: 'dQw4w9WgXcQ', ...fields },
    })
    if (res.status !== 201) throw new Error(`create help: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  test('the super user creates a help entry and every user reads it', async () => {
    const help = await createHelp({ link: 'https://example.com/doc' })
    expect(help).toMatchObject({ description: 'How to', video: 'dQw4w9WgXcQ', link: 'https://example.com/doc' })
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const one = await call(env(), 'GET', `/helps/${help.id}`, { token: u.token })
    expect(one.status).toBe(200)
    expect(one.body.title).toBe(help.title)
    const list = await call(env(), 'GET', '/helps/list', { token: u.token })
    expect(list.body.map((h: { id: number }) => h.id)).toContain(help.id)
  })

  test('GET /helps answers a plain array without pageNumber and {helps, hasMore} with it', async () => {
    const marker = uniq('zebra')
    for (let i = 0; i < 21; i++) await createHelp({ title: `${marker} ${i}` })
    const { adminToken } = await createCompany(env())
    const all = await call(env(), 'GET', `/helps?searchParam=${marker.toUpperCase()}`, { token: adminToken })
    expect(Array.isArray(all.body)).toBe(true)
    expect(all.body).toHaveLength(21)
    const p1 = await call(env(), 'GET', `/helps?searchParam=${marker}&pageNumber=1`, { token: adminToken })
    expect(p1.body.helps).toHaveLength(20)
    expect(p1.body.hasMore).toBe(true)
    const p2 = await call(env(), 'GET', `/helps?searchParam=${marker}&pageNumber=2`, { token: adminToken })
    expect(p2.body).toMatchObject({ hasMore: false })
    expect(p2.body.helps).toHaveLength(1)
  })

  test('an admin and a plain user get 403 ERR_NO_PERMISSION on every write', async () => {
    const help = await createHelp()
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    for (const token of [adminToken, u.token]) {
      const writes = [
        await call(env(), 'POST', '/helps', { token, json: { title: 'Nope nope' } }),
        await call(env(), 'PUT', `/helps/${help.id}`, { token, json: { title: 'Changed' } }),
        await call(env(), 'DELETE', `/helps/${help.id}`, { token }),
      ]
      for (const res of writes) {
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
    }
  })

  test('the title is required with 2 to 100 characters', async () => {
    const token = await superToken(env())
    const fieldsOf = async (json: unknown) => (await call(env(), 'POST', '/helps', { token, json })).body.fields
    expect(await fieldsOf({})).toEqual([{ field: 'title', message: 'Required' }])
    expect(await fieldsOf({ title: 'A' })).toEqual([{ field: 'title', message: 'Too Short!' }])
    expect(await fieldsOf({ title: 'x'.repeat(101) })).toEqual([{ field: 'title', message: 'Too Long!' }])
  })

  test('a YouTube link is saved as its video code and other video values are refused', async () => {
    const help = await createHelp({ video: 'https://www.youtube.com/watch?v=abc_DEF-123&t=10' })
    expect(help.video).toBe('abc_DEF-123')
    expect((await createHelp({ video: 'https://youtu.be/xyz987' })).video).toBe('xyz987')
    const token = await superToken(env())
    const bad = await call(env(), 'POST', '/helps', { token, json: { title: 'Bad video', video: '"><script>' } })
    expect(bad.status).toBe(400)
    expect(bad.body.fields[0]).toEqual({ field: 'video', message: 'Invalid video code' })
    const link = await call(env(), 'POST', '/helps', { token, json: { title: 'Bad link', link: 'javascript:alert(1)' } })
    expect(link.status).toBe(400)
    expect(link.body.fields[0].field).toBe('link')
  })

  test('an edit changes only the fields sent', async () => {
    const help = await createHelp({ description: 'Keep me' })
    const res = await call(env(), 'PUT', `/helps/${help.id}`, { token: await superToken(env()), json: { title: 'New title' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: help.id, title: 'New title', description: 'Keep me', video: help.video })
  })

  test('deleting a help entry removes it, and an unknown id answers 404 ERR_NO_HELP_FOUND', async () => {
    const help = await createHelp()
    const token = await superToken(env())
    expect((await call(env(), 'DELETE', `/helps/${help.id}`, { token })).status).toBe(200)
    const gone = await call(env(), 'GET', `/helps/${help.id}`, { token })
    expect(gone.status).toBe(404)
    expect(gone.body.error).toBe('ERR_NO_HELP_FOUND')
    expect((await call(env(), 'PUT', `/helps/${help.id}`, { token, json: { title: 'Again' } })).status).toBe(404)
    expect((await call(env(), 'DELETE', `/helps/${help.id}`, { token })).status).toBe(404)
  })

  test('reading helps needs a session', async () => {
    expect((await call(env(), 'GET', '/helps')).status).toBe(401)
  })
})
