import { afterAll, expect, test } from 'bun:test'
import { describeEachBackend } from '../../test/env.ts'
import { superToken } from '../../test/factories.ts'
import { formWith, PNG_1PX } from '../../test/files.ts'
import { call } from '../../test/http.ts'

describeEachBackend('the web app manifest follows the white-label (issue 19)', (env) => {
  const manifest = async () => {
    const res = await env().app.request('/app.webmanifest')
    expect(res.headers.get('content-type')).toBe('application/manifest+json')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    return res.json() as Promise<{ name: string; short_name: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] }>
  }
  afterAll(async () => {
    const token = await superToken(env())
    for (const [key, value] of [['appName', ''], ['primaryColorLight', '#6e31ef'], ['appLogoFavicon', '']]) await call(env(), 'PUT', `/settings/${key}`, { token, json: { value } })
  })

  test('the built name, colour and icons by default; the platform name, colour and favicon once set', async () => {
    const before = await manifest()
    expect(before).toMatchObject({ name: 'Balcão', short_name: 'Balcão', theme_color: '#6e31ef', start_url: '/', display: 'standalone' })
    expect(before.icons.map((i) => i.src)).toEqual(['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'])

    const token = await superToken(env())
    expect((await call(env(), 'PUT', '/settings/appName', { token, json: { value: 'Atendimento Loja' } })).status).toBe(200)
    expect((await call(env(), 'PUT', '/settings/primaryColorLight', { token, json: { value: '#0f766e' } })).status).toBe(200)
    const logo = await call(env(), 'POST', '/settings-whitelabel/logo', { token, form: formWith('file', PNG_1PX, 'icone.png', 'image/png', { typeArch: 'logo', mode: 'appLogoFavicon' }) })
    expect(logo.status).toBe(200)

    const after = await manifest()
    expect(after).toMatchObject({ name: 'Atendimento Loja', short_name: 'Atendimento Loja', theme_color: '#0f766e' })
    expect(after.icons[0]).toEqual({ src: `/media/1/${logo.body}`, sizes: 'any', type: 'image/png' })
    expect(after.icons).toHaveLength(4)
  })
})
