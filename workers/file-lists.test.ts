import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { describeEachBackend } from '../test/env.ts'
import { PNG_1PX } from '../test/files.ts'
import { call } from '../test/http.ts'
import { addOption, addQueue, number, q, replies, say, setup } from '../test/routing-support.ts'

/** Issue 22: a file list reached from a queue and from a chatbot option, through the inbound pipeline. */

const T = 30_000

async function listWithFiles(env: Parameters<typeof call>[0], token: string) {
  const list = (await call(env, 'POST', '/files', { token, json: { name: 'Catálogo', message: 'Seguem os arquivos, {{name}}:', options: [{ name: 'Tabela de preços' }, { name: 'Foto' }, { name: 'Sem arquivo' }] } })).body
  const form = new FormData()
  form.append('files', new File(['%PDF-1.4 tabela'], 'tabela.pdf', { type: 'application/pdf' }))
  form.append('id', String(list.options[0].id))
  form.append('files', new File([PNG_1PX], 'foto.png', { type: 'image/png' }))
  form.append('id', String(list.options[1].id))
  const up = await call(env, 'POST', `/files/uploadList/${list.id}`, { token, form })
  expect(up.status).toBe(200)
  return up.body as { id: number; options: { path: string; mediaType: string }[] }
}

const media = (env: Parameters<typeof q>[0], ticketId: number) =>
  q(env, (tx) => tx`select body, media_type, media_path from messages where ticket_id = ${ticketId} and from_me and media_path is not null order by id`)

describeEachBackend('file lists in the routing', (env) => {
  test("a queue's list follows its greeting: the message, then each file with its option's name; a deleted list's sent files stay", async () => {
    const { conn, companyId, adminToken } = await setup(env())
    const list = await listWithFiles(env(), adminToken)
    await addQueue(env(), conn, 'Vendas', { greetingMessage: 'Bem-vindo às vendas.', fileListId: list.id })
    const { ticketId } = await say(env(), conn, number(), 'oi')
    expect(await replies(env(), ticketId)).toEqual(['Bem-vindo às vendas.', 'Seguem os arquivos, Maria:', 'Tabela de preços', 'Foto'])
    expect(await media(env(), ticketId)).toEqual([
      { body: 'Tabela de preços', mediaType: 'application', mediaPath: list.options[0].path },
      { body: 'Foto', mediaType: 'image', mediaPath: list.options[1].path },
    ])
    expect((await call(env(), 'DELETE', `/files/${list.id}`, { token: adminToken })).status).toBe(200)
    // The messages that sent them still name the files: they stay for the chat.
    expect(existsSync(env().services.media.pathOf(companyId, list.options[1].path)!)).toBe(true)
  }, T)

  test('a chatbot option of type file sends its list and lets the bot go', async () => {
    const { conn, companyId, adminToken } = await setup(env())
    const list = await listWithFiles(env(), adminToken)
    const queue = await addQueue(env(), conn, 'Menu', { greetingMessage: 'Opções:' })
    await addOption(env(), companyId, { queueId: queue }, { name: 'Catálogo', queueType: 'file', optFileId: list.id, greetingMessage: 'Aqui está.' })
    const from = number()
    const { ticketId } = await say(env(), conn, from, 'oi')
    await say(env(), conn, from, '1')
    expect(await replies(env(), ticketId)).toEqual(['Opções:\n\n*1* - Catálogo', 'Aqui está.', 'Seguem os arquivos, Maria:', 'Tabela de preços', 'Foto'])
    const [t] = await q(env(), (tx) => tx`select is_bot from tickets where id = ${ticketId}`)
    expect(t.isBot).toBe(false)
  }, T)
})
