import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'
import { call } from '../../test/http.ts'

const ICO_BYTES = Uint8Array.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0])

describeEachBackend('settings', (env) => {
  test('an admin lists the global settings without userCreation, the super user with it', async () => {
    const { adminToken } = await createCompany(env())
    const asAdmin = await call(env(), 'GET', '/settings', { token: adminToken })
    expect(asAdmin.status).toBe(200)
    const adminKeys = asAdmin.body.map((s: { key: string }) => s.key)
    expect(adminKeys).toContain('allowSignup')
    expect(adminKeys).not.toContain('userCreation')
    const asSuper = await call(env(), 'GET', '/settings', { token: await superToken(env()) })
    expect(asSuper.body.map((s: { key: string }) => s.key)).toContain('userCreation')
  })

  test('a plain user cannot list the global settings', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const res = await call(env(), 'GET', '/settings', { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_NO_PERMISSION')
  })

  test('any logged-in user reads one setting by key', async () => {
    const { companyId } = await createCompany(env())
    const u = await createUser(env(), companyId)
    const res = await call(env(), 'GET', '/setting/primaryColorLight', { token: u.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key: 'primaryColorLight', value: '#6e31ef' })
  })

  test('reading an unknown setting answers 404 ERR_NO_SETTING_FOUND', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'GET', '/setting/noSuchKey', { token: adminToken })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_SETTING_FOUND')
  })

  test('userCreation is readable by the super user only', async () => {
    const { adminToken } = await createCompany(env())
    expect((await call(env(), 'GET', '/setting/userCreation', { token: adminToken })).status).toBe(404)
    const asSuper = await call(env(), 'GET', '/setting/userCreation', { token: await superToken(env()) })
    expect(asSuper.body).toMatchObject({ key: 'userCreation', value: 'enabled' })
  })

  test('reading a setting needs a session', async () => {
    const res = await call(env(), 'GET', '/setting/appName')
    expect(res.status).toBe(401)
  })

  test('the super user changes a global setting and reads the new value back', async () => {
    const token = await superToken(env())
    const res = await call(env(), 'PUT', '/settings/appName', { token, json: { value: 'Balcão Teste' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key: 'appName', value: 'Balcão Teste' })
    expect((await call(env(), 'GET', '/setting/appName', { token })).body.value).toBe('Balcão Teste')
  })

  test('an admin and a plain user get 403 ERR_NO_PERMISSION when changing a global setting', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    for (const token of [adminToken, u.token]) {
      const res = await call(env(), 'PUT', '/settings/allowSignup', { token, json: { value: 'enabled' } })
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('ERR_NO_PERMISSION')
    }
  })

  test('changing an unknown setting answers 404 ERR_NO_SETTING_FOUND', async () => {
    const res = await call(env(), 'PUT', '/settings/noSuchKey', { token: await superToken(env()), json: { value: 'x' } })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('ERR_NO_SETTING_FOUND')
  })

  test('a value is checked against its key: toggles, colours, at most 5000 characters', async () => {
    const token = await superToken(env())
    const toggle = await call(env(), 'PUT', '/settings/allowSignup', { token, json: { value: 'yes' } })
    expect(toggle.status).toBe(400)
    expect(toggle.body.fields).toEqual([{ field: 'value', message: "must be 'enabled' or 'disabled'" }])
    expect((await call(env(), 'PUT', '/settings/primaryColorDark', { token, json: { value: 'red' } })).status).toBe(400)
    expect((await call(env(), 'PUT', '/settings/primaryColorDark', { token, json: { value: '#112233' } })).status).toBe(200)
    const long = await call(env(), 'PUT', '/settings/autoReplyNotRecognizedMessage', { token, json: { value: 'x'.repeat(5001) } })
    expect(long.status).toBe(400)
    expect((await call(env(), 'PUT', '/settings/autoReply', { token, json: {} })).status).toBe(400)
  })

  test('public-settings answers allowSignup and appName without a token', async () => {
    await call(env(), 'PUT', '/settings/allowSignup', { token: await superToken(env()), json: { value: 'enabled' } })
    const signup = await call(env(), 'GET', '/public-settings/allowSignup')
    expect(signup.status).toBe(200)
    expect(signup.body).toMatchObject({ key: 'allowSignup', value: 'enabled' })
    const name = await call(env(), 'GET', '/public-settings/appName')
    expect(name.status).toBe(200)
    expect(name.body.key).toBe('appName')
  })

  test('public-settings answers 404 for userCreation and other private keys', async () => {
    for (const key of ['userCreation', 'autoReply', 'noSuchKey']) {
      const res = await call(env(), 'GET', `/public-settings/${key}`)
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('ERR_NO_SETTING_FOUND')
      expect(JSON.stringify(res.body)).not.toContain('enabled')
    }
  })

  test('the super user uploads a logo: stored in company 1, set on the mode key, public at /media', async () => {
    const token = await superToken(env())
    const res = await call(env(), 'POST', '/settings-whitelabel/logo', {
      token,
      form: formWith('file', PNG_1PX, 'logo.png', 'image/png', { typeArch: 'logo', mode: 'appLogoLight' }),
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(existsSync(env().services.media.pathOf(1, res.body)!)).toBe(true)
    expect((await call(env(), 'GET', '/public-settings/appLogoLight')).body.value).toBe(res.body)
    const file = await env().app.request(`/media/1/${res.body}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
  })

  test('a new logo replaces the previous one and deletes its file', async () => {
    const token = await superToken(env())
    const upload = (form: FormData) => call(env(), 'POST', '/settings-whitelabel/logo', { token, form })
    const first = await upload(formWith('file', PNG_1PX, 'a.png', 'image/png', { mode: 'appLogoDark' }))
    const second = await upload(formWith('file', ICO_BYTES, 'fav.ico', 'image/x-icon', { mode: 'appLogoDark' }))
    expect(second.status).toBe(200)
    expect(second.body).toMatch(/\.ico$/)
    expect(existsSync(env().services.media.pathOf(1, first.body)!)).toBe(false)
    expect((await call(env(), 'GET', '/setting/appLogoDark', { token })).body.value).toBe(second.body)
  })

  test('a logo upload refuses svg, a fake png and an unknown mode', async () => {
    const token = await superToken(env())
    const upload = (form: FormData) => call(env(), 'POST', '/settings-whitelabel/logo', { token, form })
    const svg = await upload(formWith('file', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'l.svg', 'image/svg+xml', { mode: 'appLogoLight' }))
    expect(svg.status).toBe(400)
    expect(svg.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const fake = await upload(formWith('file', 'not a png', 'l.png', 'image/png', { mode: 'appLogoLight' }))
    expect(fake.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const mode = await upload(formWith('file', PNG_1PX, 'l.png', 'image/png', { mode: 'userCreation' }))
    expect(mode.status).toBe(400)
    expect(mode.body.error).toBe('ERR_VALIDATION')
  })

  test('a logo upload that is not a well-formed multipart body answers 400', async () => {
    const token = await superToken(env())
    const json = await call(env(), 'POST', '/settings-whitelabel/logo', { token, json: { mode: 'appLogoLight' } })
    expect(json.status).toBe(400)
    const broken = await call(env(), 'POST', '/settings-whitelabel/logo', {
      token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      json: undefined,
    })
    expect(broken.status).toBe(400)
    expect(broken.body.error).toBe('ERR_VALIDATION')
  })

  test('an admin cannot upload a logo', async () => {
    const { adminToken } = await createCompany(env())
    const res = await call(env(), 'POST', '/settings-whitelabel/logo', {
      token: adminToken,
      form: formWith('file', PNG_1PX, 'l.png', 'image/png', { mode: 'appLogoLight' }),
    })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('ERR_NO_PERMISSION')
  })

  test('a logo setting cannot be pointed at another file by PUT, only cleared', async () => {
    const token = await superToken(env())
    const other = `${'c'.repeat(32)}.png`
    const res = await call(env(), 'PUT', '/settings/appLogoFavicon', { token, json: { value: other } })
    expect(res.status).toBe(400)
    const logo = await call(env(), 'POST', '/settings-whitelabel/logo', {
      token,
      form: formWith('file', PNG_1PX, 'f.png', 'image/png', { mode: 'appLogoFavicon' }),
    })
    const cleared = await call(env(), 'PUT', '/settings/appLogoFavicon', { token, json: { value: '' } })
    expect(cleared.status).toBe(200)
    expect(existsSync(env().services.media.pathOf(1, logo.body)!)).toBe(false)
    expect((await call(env(), 'GET', '/public-settings/appLogoFavicon')).body.value).toBe('')
  })
})
