import { expect, test } from 'bun:test'
import { readdirSync, utimesSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { withSystem } from '../../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { createCompany, createConnection, uniq } from '../../../test/factories.ts'
import { call } from '../../../test/http.ts'
import { PNG_1PX } from '../../../test/files.ts'
import { insertTicket, ticketFixtures } from '../../../test/sync-support.ts'
import { FILE_COLUMNS, ORPHAN_GRACE_MS, sweepOrphanMedia } from './sweep-orphan-media.ts'

/** Every file under the media folder, as company/name. */
function filesOnDisk(env: TestEnv): string[] {
  const root = env.services.media.root
  if (!existsSync(root)) return []
  return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)).map((f) => `${dir}/${f}`)).sort()
}

const png = () => new File([PNG_1PX], 'ok.png', { type: 'image/png' })

describeEachBackend('no file on disk without a row (issue 16 item 2)', (env) => {
  test('refused uploads leave the media folder as it was', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { whatsappId } = await ticketFixtures(env(), companyId)
    const { ticketId } = await insertTicket(env(), companyId, whatsappId, { status: 'open' })
    const token = uniq('tok').padEnd(30, 'x').slice(0, 30)
    await createConnection(env(), companyId, { token })
    const before = filesOnDisk(env())

    const mixed = new FormData()
    mixed.append('medias', png())
    mixed.append('medias', new File(['MZ'], 'bad.exe', { type: 'application/octet-stream' }))
    const refusedMixed = await call(env(), 'POST', `/messages/${ticketId}`, { token: adminToken, form: mixed })
    expect(refusedMixed.status).toBe(400)

    for (const field of [{ userId: '999999' }, { queueId: '999999' }]) {
      const form = new FormData()
      form.set('number', '5511955550123')
      form.set('body', 'com anexo')
      form.set('medias', png())
      for (const [k, v] of Object.entries(field)) form.set(k, v)
      const res = await call(env(), 'POST', '/api/messages/send', { token, form })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }

    const onMissingQuickMessage = await call(env(), 'POST', '/quick-messages/999999/media-upload', { token: adminToken, form: (() => { const f = new FormData(); f.set('file', png()); return f })() })
    expect(onMissingQuickMessage.status).toBe(404)

    expect(filesOnDisk(env())).toEqual(before)
    const [{ n }] = await withSystem(env().services.db, (tx) => tx<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${companyId}`)
    expect(n).toBe(0)
  })

  test('the sweep removes old files no row names, and keeps named, recent and logo files', async () => {
    const { companyId, adminToken } = await createCompany(env())
    const { whatsappId } = await ticketFixtures(env(), companyId)
    const { ticketId } = await insertTicket(env(), companyId, whatsappId, { status: 'open' })
    const form = new FormData()
    form.append('medias', png())
    const sent = await call(env(), 'POST', `/messages/${ticketId}`, { token: adminToken, form })
    expect(sent.status).toBe(201)
    const named = sent.body.messages[0].mediaUrl.split('/').pop() as string
    const dir = join(env().services.media.root, String(companyId))
    mkdirSync(dir, { recursive: true })
    const [oldOrphan, newOrphan] = ['a', 'b'].map((c) => `${c.repeat(32)}.png`)
    for (const f of [oldOrphan, newOrphan]) writeFileSync(join(dir, f), PNG_1PX)
    const now = env().clock.now
    const longAgo = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000)
    for (const f of [oldOrphan, named]) utimesSync(join(dir, f), longAgo, longAgo)
    utimesSync(join(dir, newOrphan), now, now)

    const removed = await sweepOrphanMedia(env().services.db, env().services.media, now)
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(readdirSync(dir).sort()).toEqual([named, newOrphan].sort())
  })

  test('the sweep keeps old files a flow names (an image block, a content block element) and removes the rest (issue 21)', async () => {
    const { companyId } = await createCompany(env())
    const dir = join(env().services.media.root, String(companyId))
    mkdirSync(dir, { recursive: true })
    const [inBlock, inContent, orphan] = ['c', 'd', 'e'].map((c) => `${c.repeat(32)}.png`)
    const longAgo = new Date(env().clock.now.getTime() - ORPHAN_GRACE_MS - 60_000)
    for (const f of [inBlock, inContent, orphan]) {
      writeFileSync(join(dir, f), PNG_1PX)
      utimesSync(join(dir, f), longAgo, longAgo)
    }
    const flow = {
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início' } },
        { id: 'img1', type: 'img', position: { x: 0, y: 100 }, data: { url: inBlock } },
        { id: 'blk1', type: 'singleBlock', position: { x: 0, y: 200 }, data: { seq: ['m', 'i'], elements: [
          { type: 'message', number: 'm', value: 'Olá' }, { type: 'img', number: 'i', value: inContent },
        ] } },
      ],
      connections: [],
    }
    await withSystem(env().services.db, (tx) => tx`insert into flows (company_id, name, flow) values (${companyId}, 'Com mídia', ${tx.json(flow)})`)

    await sweepOrphanMedia(env().services.db, env().services.media, env().clock.now)
    expect(readdirSync(dir).sort()).toEqual([inBlock, inContent].sort())
  })

  test('FILE_COLUMNS names every column of the schema that holds a stored file name', async () => {
    const rows = await withSystem(env().services.db, (tx) => tx<{ t: string; c: string }[]>`
      select table_name as t, column_name as c from information_schema.columns
       where table_schema = 'public' and (column_name like '%media_path' or column_name like '%profile_image'
          or column_name like '%attachment' or column_name like '%file_name'
          -- A file list option's file (issue 22): its column is plain 'path'.
          or (table_name = 'file_options' and column_name = 'path'))
         and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`)
    expect(rows.map((r) => `${r.t}.${r.c}`).sort()).toEqual(FILE_COLUMNS.map(([t, c]) => `${t}.${c}`).sort())
  })
})
