import { expect, test } from 'bun:test'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'
import { call } from '../../test/http.ts'
import { signMediaPath } from '../media/signed-url.ts'

async function storeFile(env: TestEnv, companyId: number, bytes: BlobPart = PNG_1PX, name = 'pic.png', type = 'image/png') {
  const stored = await env.services.media.save(companyId, new File([bytes], name, { type }), 'media')
  return stored.fileName
}

describeEachBackend('media', (env) => {
  test('a user reads a file of their own company with its type and cache headers', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const name = await storeFile(env(), companyId)
    const res = await call(env(), 'GET', `/media/${companyId}/${name}`, { token: u.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toBe('inline')
    const body = new Uint8Array(await (await env().app.request(`/media/${companyId}/${name}`, { headers: { authorization: `Bearer ${u.token}` } })).arrayBuffer())
    expect(body).toEqual(PNG_1PX)
  })

  test("company B's admin cannot read company A's file", async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const name = await storeFile(env(), a.companyId)
    const res = await call(env(), 'GET', `/media/${a.companyId}/${name}`, { token: b.adminToken })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NOT_FOUND')
  })

  test('a private file without a session answers 401', async () => {
    const { companyId } = await createCompany(env())
    const name = await storeFile(env(), companyId)
    expect((await call(env(), 'GET', `/media/${companyId}/${name}`)).status).toBe(401)
  })

  test('a name that is not a stored-file name, or a missing file, answers 404', async () => {
    const { companyId, adminToken } = await createCompany(env())
    for (const name of ['..%2F..%2Fpglite', 'profile.png', `${'a'.repeat(32)}.png`]) {
      const res = await call(env(), 'GET', `/media/${companyId}/${name}`, { token: adminToken })
      expect(res.status).toBe(404)
    }
  })

  test('a document that browsers could render is sent as an attachment', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const name = await storeFile(env(), companyId, '<x/>', 'data.xml', 'application/xml')
    const res = await call(env(), 'GET', `/media/${companyId}/${name}`, { token: adminToken })
    expect(res.headers.get('content-type')).toBe('application/xml')
    expect(res.headers.get('content-disposition')).toBe('attachment')
  })

  test("any logged-in user reads an active announcement's attachment, not an inactive one's", async () => {
    const token = await superToken(env())
    const created = await call(env(), 'POST', '/announcements', { token, json: { title: 'Aviso', text: 'Texto' } })
    const uploaded = await call(env(), 'POST', `/announcements/${created.body.id}/media-upload`, {
      token,
      form: formWith('file', PNG_1PX, 'aviso.png', 'image/png'),
    })
    const path = `/media/1/${uploaded.body.mediaPath}`
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    expect((await call(env(), 'GET', path, { token: u.token })).status).toBe(200)
    expect((await call(env(), 'GET', path)).status).toBe(401)
    await call(env(), 'PUT', `/announcements/${created.body.id}`, { token, json: { status: false } })
    expect((await call(env(), 'GET', path, { token: u.token })).status).toBe(404)
    expect((await call(env(), 'GET', path, { token })).status).toBe(200)
  })

  test("the platform logos are public, other files of company 1 are not", async () => {
    const token = await superToken(env())
    const logo = await call(env(), 'POST', '/settings-whitelabel/logo', {
      token,
      form: formWith('file', PNG_1PX, 'logo.png', 'image/png', { mode: 'appLogoLight' }),
    })
    expect((await call(env(), 'GET', `/media/1/${logo.body}`)).status).toBe(200)
    const other = await storeFile(env(), 1)
    expect((await call(env(), 'GET', `/media/1/${other}`)).status).toBe(401)
    const { adminToken } = await createCompany(env())
    expect((await call(env(), 'GET', `/media/1/${other}`, { token: adminToken })).status).toBe(404)
  })

  test('a signed link opens the file without a session until it expires', async () => {
    const { companyId } = await createCompany(env())
    const name = await storeFile(env(), companyId)
    const { keys } = env().services
    const path = signMediaPath(keys, companyId, name, new Date(env().clock.now.getTime() + 60_000))
    const res = await call(env(), 'GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    env().clock.advance(61_000)
    const expired = await call(env(), 'GET', path)
    expect(expired.status).toBe(403)
    expect(expired.body.error).toBe('ERR_NO_PERMISSION')
  })

  test('a signed link opens only the file it was made for', async () => {
    const a = await createCompany(env())
    const b = await createCompany(env())
    const mine = await storeFile(env(), a.companyId)
    const theirs = await storeFile(env(), b.companyId)
    const url = new URL(signMediaPath(env().services.keys, a.companyId, mine, new Date(env().clock.now.getTime() + 60_000)), 'http://x')
    const swapped = await call(env(), 'GET', `/media/${b.companyId}/${theirs}${url.search}`)
    expect(swapped.status).toBe(403)
    const tampered = await call(env(), 'GET', `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`)
    expect(tampered.status).toBe(403)
  })

  test('a bad signature with a valid session still follows the session rules', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const name = await storeFile(env(), companyId)
    const res = await call(env(), 'GET', `/media/${companyId}/${name}?exp=1&sig=nope`, { token: adminToken })
    expect(res.status).toBe(200)
  })
})
