import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend } from '../../test/env.ts'
import { createCompany, createUser, superToken, uniq } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'
import { call } from '../../test/http.ts'
import type { DomainEvent } from '../domain/context.ts'

const GIF_1PX = Uint8Array.from(atob('R0lGODlhAQABAAAAACw='), (ch) => ch.charCodeAt(0))

describeEachBackend('announcements', (env) => {
  const createAnnouncement = async (fields: Record<string, unknown> = {}) => {
    const res = await call(env(), 'POST', '/announcements', {
      token: await superToken(env()),
      json: { title: uniq('News '), text: 'Manutenção às 22h', ...fields },
    })
    if (res.status !== 201) throw new Error(`create announcement: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const upload = async (id: number, form: FormData) => call(env(), 'POST', `/announcements/${id}/media-upload`, { token: await superToken(env()), form })
  const storedPath = (companyId: number, name: string) => env().services.media.pathOf(companyId, name)!

  test("the super user creates an announcement with priority 3 and active by default, in the super user's company", async () => {
    const record = await createAnnouncement()
    expect(record).toMatchObject({ priority: 3, status: true, companyId: 1, text: 'Manutenção às 22h', mediaPath: null, mediaName: null })
  })

  test('title and text are required and the priority is 1, 2 or 3', async () => {
    const token = await superToken(env())
    const missing = await call(env(), 'POST', '/announcements', { token, json: { priority: 1 } })
    expect(missing.status).toBe(400)
    expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['title', 'text'])
    const priority = await call(env(), 'POST', '/announcements', { token, json: { title: 'T', text: 'x', priority: 4 } })
    expect(priority.status).toBe(400)
    expect(priority.body.fields[0].field).toBe('priority')
    const asString = await call(env(), 'POST', '/announcements', { token, json: { title: 'T', text: 'x', priority: '1', status: 'false' } })
    expect(asString.body).toMatchObject({ priority: 1, status: false })
  })

  test('plain users and admins list only active announcements, the super user all of them', async () => {
    const marker = uniq('aviso')
    const active = await createAnnouncement({ title: `${marker} on` })
    const inactive = await createAnnouncement({ title: `${marker} off`, status: false })
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    for (const token of [adminToken, u.token]) {
      const res = await call(env(), 'GET', `/announcements/?searchParam=${marker.toUpperCase()}`, { token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ hasMore: false, count: 1 })
      expect(res.body.records.map((r: { id: number }) => r.id)).toEqual([active.id])
      expect((await call(env(), 'GET', `/announcements/${inactive.id}`, { token })).status).toBe(404)
    }
    const asSuper = await call(env(), 'GET', `/announcements/?searchParam=${marker}`, { token: await superToken(env()) })
    expect(asSuper.body.count).toBe(2)
    expect((await call(env(), 'GET', `/announcements/${inactive.id}`, { token: await superToken(env()) })).status).toBe(200)
  })

  test('the list answers 20 a page, most urgent first, with hasMore and count', async () => {
    const marker = uniq('pager')
    for (let i = 0; i < 20; i++) await createAnnouncement({ title: `${marker} ${i}`, priority: 3 })
    const urgent = await createAnnouncement({ title: `${marker} urgent`, priority: 1 })
    const { adminToken } = await createCompany(env())
    const p1 = await call(env(), 'GET', `/announcements?searchParam=${marker}&pageNumber=1`, { token: adminToken })
    expect(p1.body.records).toHaveLength(20)
    expect(p1.body.records[0].id).toBe(urgent.id)
    expect(p1.body).toMatchObject({ hasMore: true, count: 21 })
    const p2 = await call(env(), 'GET', `/announcements?searchParam=${marker}&pageNumber=2`, { token: adminToken })
    expect(p2.body.records).toHaveLength(1)
    expect(p2.body.hasMore).toBe(false)
  })

  test('an admin and a plain user get 403 ERR_NO_PERMISSION on every write', async () => {
    const record = await createAnnouncement()
    const { companyId, adminToken } = await createCompany(env())
    const u = await createUser(env(), companyId)
    for (const token of [adminToken, u.token]) {
      const writes = [
        await call(env(), 'POST', '/announcements', { token, json: { title: 'T', text: 'x' } }),
        await call(env(), 'PUT', `/announcements/${record.id}`, { token, json: { title: 'Changed' } }),
        await call(env(), 'DELETE', `/announcements/${record.id}`, { token }),
        await call(env(), 'POST', `/announcements/${record.id}/media-upload`, { token, form: formWith('file', PNG_1PX, 'a.png', 'image/png') }),
        await call(env(), 'DELETE', `/announcements/${record.id}/media-upload`, { token }),
      ]
      for (const res of writes) {
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
    }
  })

  test('an edit changes only the fields sent and emits an announcement event', async () => {
    const record = await createAnnouncement({ priority: 2 })
    const token = await superToken(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => events.push(e))
    const res = await call(env(), 'PUT', `/announcements/${record.id}`, { token, json: { status: false } })
    stop()
    expect(res.body).toMatchObject({ id: record.id, title: record.title, priority: 2, status: false })
    expect(events).toHaveLength(2)
    expect(events[0]).toMatchObject({ type: 'announcement', companyId: 1, payload: { action: 'update', record: { id: record.id, status: false } } })
    // Turned inactive: the other users' lists are told to drop it.
    expect(events[1]).toEqual({ type: 'announcement', companyId: 1, payload: { hidden: true, record: { id: record.id } } })
  })

  test('a png attachment is stored with its original name and replaces the previous file', async () => {
    const record = await createAnnouncement()
    const first = await upload(record.id, formWith('file', PNG_1PX, 'aviso.png', 'image/png'))
    expect(first.status).toBe(200)
    expect(first.body.mediaPath).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(first.body.mediaName).toBe('aviso.png')
    expect(existsSync(storedPath(1, first.body.mediaPath))).toBe(true)
    const second = await upload(record.id, formWith('medias', PNG_1PX, 'novo.png', 'image/png'))
    expect(second.body.mediaName).toBe('novo.png')
    expect(existsSync(storedPath(1, second.body.mediaPath))).toBe(true)
    expect(existsSync(storedPath(1, first.body.mediaPath))).toBe(false)
  })

  test('an attachment upload rejects a .gif and a fake .png', async () => {
    const record = await createAnnouncement()
    const gif = await upload(record.id, formWith('file', GIF_1PX, 'anim.gif', 'image/gif'))
    expect(gif.status).toBe(400)
    expect(gif.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const fake = await upload(record.id, formWith('file', 'GIF89a not a png', 'fake.png', 'image/png'))
    expect(fake.status).toBe(400)
    expect(fake.body.error).toBe('ERR_INVALID_FILE_TYPE')
    const none = await upload(record.id, new FormData())
    expect(none.status).toBe(400)
    expect((await call(env(), 'GET', `/announcements/${record.id}`, { token: await superToken(env()) })).body.mediaPath).toBeNull()
  })

  test('removing the attachment clears both fields and deletes the file', async () => {
    const record = await createAnnouncement()
    const uploaded = await upload(record.id, formWith('file', PNG_1PX, 'aviso.png', 'image/png'))
    const res = await call(env(), 'DELETE', `/announcements/${record.id}/media-upload`, { token: await superToken(env()) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ mediaPath: null, mediaName: null })
    expect(existsSync(storedPath(1, uploaded.body.mediaPath))).toBe(false)
  })

  test('deleting an announcement removes it and its attachment file', async () => {
    const record = await createAnnouncement()
    const uploaded = await upload(record.id, formWith('file', PNG_1PX, 'aviso.png', 'image/png'))
    const token = await superToken(env())
    expect((await call(env(), 'DELETE', `/announcements/${record.id}`, { token })).status).toBe(200)
    expect(existsSync(storedPath(1, uploaded.body.mediaPath))).toBe(false)
    const gone = await call(env(), 'GET', `/announcements/${record.id}`, { token })
    expect(gone.status).toBe(404)
    expect(gone.body.error).toBe('ERR_NO_ANNOUNCEMENT_FOUND')
    expect((await upload(record.id, formWith('file', PNG_1PX, 'a.png', 'image/png'))).status).toBe(404)
  })
})
