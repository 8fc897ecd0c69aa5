import { expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { withSystem } from '../db/tenant.ts'
import type { DomainEvent } from '../domain/context.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createUser } from '../../test/factories.ts'
import { PNG_1PX } from '../../test/files.ts'
import { call } from '../../test/http.ts'

const SLOW = 30_000
const sys = <T>(env: TestEnv, fn: (tx: any) => Promise<T>): Promise<T> => withSystem(env.services.db, fn)
const fieldsOf = (body: any) => (body.fields ?? []).map((f: { field: string }) => f.field).sort()

function uploadForm(pairs: [number | string, string, Uint8Array<ArrayBuffer> | string, string][]) {
  const form = new FormData()
  for (const [id, name, bytes, type] of pairs) {
    form.append('files', new File([bytes], name, { type }))
    form.append('id', String(id))
    form.append('typeArch', 'fileList')
  }
  return form
}

describeEachBackend('file lists (issue 22)', (env) => {
  const stored = (companyId: number, name: string) => existsSync(env().services.media.pathOf(companyId, name)!)
  const filesOf = (companyId: number) => {
    try {
      return readdirSync(`${env().services.media.root}/${companyId}`).length
    } catch {
      return 0
    }
  }

  test('an admin adds a list with options, uploads their files, lists, searches, renames and drops an option, deletes', async () => {
    const { adminToken, companyId } = await createCompany(env())
    const events: DomainEvent[] = []
    const stop = env().services.events.subscribe((e) => e.type === 'file' && e.companyId === companyId && events.push(JSON.parse(JSON.stringify(e))))
    const created = await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'Catálogo', message: 'Veja nossos arquivos:', options: [{ name: 'Tabela' }, { name: 'Foto' }] } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Catálogo', message: 'Veja nossos arquivos:', options: [{ name: 'Tabela', path: '' }, { name: 'Foto', path: '' }] })
    const [tabela, foto] = created.body.options
    const up = await call(env(), 'POST', `/files/uploadList/${created.body.id}`, { token: adminToken, form: uploadForm([[tabela.id, 'tabela.pdf', '%PDF-1.4 tabela', 'application/pdf'], [foto.id, 'foto.png', PNG_1PX, 'image/png']]) })
    expect(up.status).toBe(200)
    expect(up.body.options).toEqual([
      expect.objectContaining({ id: tabela.id, mediaType: 'application', path: expect.stringMatching(/\.pdf$/) }),
      expect.objectContaining({ id: foto.id, mediaType: 'image', path: expect.stringMatching(/\.png$/) }),
    ])
    const [pdfPath, pngPath] = up.body.options.map((o: { path: string }) => o.path)
    expect([stored(companyId, pdfPath), stored(companyId, pngPath)]).toEqual([true, true])

    await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'Outra lista', message: 'x' } })
    const list = await call(env(), 'GET', '/files/?searchParam=CATÁ', { token: adminToken })
    expect(list.body).toEqual({ files: [expect.objectContaining({ id: created.body.id })], hasMore: false })

    // Replacing Foto's file removes the old one; dropping Tabela removes its file.
    const again = await call(env(), 'POST', `/files/uploadList/${created.body.id}`, { token: adminToken, form: uploadForm([[foto.id, 'nova.png', PNG_1PX, 'image/png']]) })
    expect(again.status).toBe(200)
    expect(stored(companyId, pngPath)).toBe(false)
    const edited = await call(env(), 'PUT', `/files/${created.body.id}`, { token: adminToken, json: { name: 'Catálogo 2026', message: 'Arquivos:', options: [{ id: foto.id, name: 'Foto nova' }, { name: 'Vídeo' }] } })
    expect(edited.status).toBe(200)
    expect(edited.body.options.map((o: { name: string }) => o.name)).toEqual(['Foto nova', 'Vídeo'])
    expect(stored(companyId, pdfPath)).toBe(false)
    const newPng = edited.body.options[0].path
    expect(stored(companyId, newPng)).toBe(true)

    expect((await call(env(), 'DELETE', `/files/${created.body.id}`, { token: adminToken })).status).toBe(200)
    expect(stored(companyId, newPng)).toBe(false)
    expect((await call(env(), 'GET', `/files/${created.body.id}`, { token: adminToken })).status).toBe(404)
    stop()
    // Each change is told to the company's admins (company-{id}-file).
    expect(events.map((e) => (e.payload as { action: string }).action)).toEqual(['create', 'update', 'create', 'update', 'update', 'delete'])
  }, SLOW)

  test("validation: name at least 3 ('nome muito curto'), message required, NUL refused; upload needs one option id of the list per file and keeps nothing when refused", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: 'ab', message: 'x' }, ['name']],
      [{ name: 'Lista', message: '' }, ['message']],
      [{ name: 'Lista\u0000', message: 'x' }, ['name']],
      [{ name: 'Lista', message: 'x', options: [{ id: 999999, name: 'a' }] }, ['options']],
    ]
    for (const [json, fields] of cases) {
      const res = await call(env(), 'POST', '/files', { token: adminToken, json })
      expect({ json, status: res.status, fields: fieldsOf(res.body) }).toEqual({ json, status: 400, fields })
    }
    const short = await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'ab', message: 'x' } })
    expect(short.body.fields[0].message).toBe('nome muito curto')
    const list = (await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'Lista', message: 'x', options: [{ name: 'a' }] } })).body
    const other = (await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'Lista B', message: 'x', options: [{ name: 'b' }] } })).body
    const before = filesOf(companyId)
    const refusals: [FormData, string][] = [
      [uploadForm([[other.options[0].id, 'a.png', PNG_1PX, 'image/png']]), 'id'],
      [uploadForm([[list.options[0].id, 'a.exe', 'MZ', 'application/x-msdownload']]), ''],
      [uploadForm([[list.options[0].id, 'a.png', PNG_1PX, 'image/png'], [list.options[0].id, 'b.png', PNG_1PX, 'image/png']]), 'id'],
      [new FormData(), 'files'],
    ]
    for (const [form, field] of refusals) {
      const res = await call(env(), 'POST', `/files/uploadList/${list.id}`, { token: adminToken, form })
      expect(res.status).toBe(400)
      if (field) expect(fieldsOf(res.body)).toEqual([field])
    }
    expect(filesOf(companyId)).toBe(before)
    const [row] = await sys<any>(env(), (tx) => tx`select path from file_options where id = ${list.options[0].id}`)
    expect(row.path).toBe('')
  }, SLOW)

  test("admins only; another company's list is 404; a queue and an option lose a deleted list", async () => {
    const { adminToken, companyId } = await createCompany(env())
    const user = await createUser(env(), companyId)
    expect((await call(env(), 'GET', '/files/', { token: user.token })).status).toBe(403)
    const mine = (await call(env(), 'POST', '/files', { token: adminToken, json: { name: 'Minha lista', message: 'x' } })).body
    const other = await createCompany(env())
    for (const [method, json] of [['GET', undefined], ['PUT', { name: 'Roubada', message: 'x' }], ['DELETE', undefined]] as const) {
      expect((await call(env(), method, `/files/${mine.id}`, { token: other.adminToken, json })).status).toBe(404)
    }
    expect((await call(env(), 'POST', `/files/uploadList/${mine.id}`, { token: other.adminToken, form: uploadForm([[1, 'a.png', PNG_1PX, 'image/png']]) })).status).toBe(404)
    const queue = await call(env(), 'POST', '/queue', { token: adminToken, json: { name: 'Vendas', color: '#112233', greetingMessage: 'Oi', fileListId: mine.id } })
    expect(queue.status).toBe(201)
    expect((await call(env(), 'DELETE', `/files/${mine.id}`, { token: adminToken })).status).toBe(200)
    const [q] = await sys<any>(env(), (tx) => tx`select file_list_id from queues where id = ${queue.body.id}`)
    expect(q.fileListId).toBeNull()
  }, SLOW)
})
