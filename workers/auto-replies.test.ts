import { expect, test } from 'bun:test'
import { describeEachBackend } from '../test/env.ts'
import { formWith, PNG_1PX } from '../test/files.ts'
import { call } from '../test/http.ts'
import { addQueue, number, q, replies, say, setting, setup } from '../test/routing-support.ts'

/** Issue 22: keyword auto-replies in the routing, with the company's switches. */

const T = 30_000

describeEachBackend('auto-replies in the routing', (env) => {
  test('with autoReply on, the most specific matching keyword answers with its file, before the queue menu; off, nothing', async () => {
    const { conn, companyId, adminToken } = await setup(env())
    await addQueue(env(), conn, 'Vendas')
    await addQueue(env(), conn, 'Suporte')
    const add = (json: Record<string, unknown>) => call(env(), 'POST', '/auto-replies', { token: adminToken, json })
    await add({ keyword: 'horario', condition: 'contains', response: 'Das 8h às 18h.' })
    const exact = (await add({ keyword: 'qual o horario', condition: 'equal', response: 'Resposta exata: 8h-18h.' })).body
    await call(env(), 'POST', `/auto-replies/${exact.id}/media-upload`, { token: adminToken, form: formWith('file', PNG_1PX, 'horarios.png', 'image/png') })
    const off = await say(env(), conn, number(), 'qual o horário')
    expect((await replies(env(), off.ticketId))[0]).toStartWith('Olá Maria! Escolha um setor:')
    await setting(env(), companyId, { autoReply: 'enabled' })
    const on = await say(env(), conn, number(), 'Qual o HORÁRIO')
    expect(await replies(env(), on.ticketId)).toEqual(['Resposta exata: 8h-18h.', ''])
    const [file] = await q(env(), (tx) => tx`select media_type, media_path from messages where ticket_id = ${on.ticketId} and from_me and media_path is not null`)
    expect(file).toMatchObject({ mediaType: 'image', mediaPath: expect.stringMatching(/\.png$/) })
    const contains = await say(env(), conn, number(), 'e o horario de sabado?')
    expect(await replies(env(), contains.ticketId)).toEqual(['Das 8h às 18h.'])
    // No keyword: the queue menu answers as before (the not-recognised message is for connections without queues).
    await setting(env(), companyId, { autoReplyNotRecognizedMessage: 'Não entendi.' })
    const other = await say(env(), conn, number(), 'bom dia')
    expect((await replies(env(), other.ticketId))[0]).toStartWith('Olá Maria! Escolha um setor:')
  }, T)

  test('on a connection without queues, an unknown text gets autoReplyNotRecognizedMessage, with the keywords when autoReplyShowKeywords', async () => {
    const { conn, companyId, adminToken } = await setup(env())
    await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { keyword: 'boleto', response: 'Segue o boleto.' } })
    await call(env(), 'POST', '/auto-replies', { token: adminToken, json: { keyword: 'endereço', response: 'Rua A, 1.' } })
    await setting(env(), companyId, { autoReply: 'enabled', autoReplyNotRecognizedMessage: 'Não entendi. Tente uma palavra-chave.' })
    const plain = await say(env(), conn, number(), 'oi')
    expect(await replies(env(), plain.ticketId)).toEqual(['Não entendi. Tente uma palavra-chave.'])
    await setting(env(), companyId, { autoReplyShowKeywords: 'enabled' })
    const listed = await say(env(), conn, number(), 'oi')
    expect(await replies(env(), listed.ticketId)).toEqual(['Não entendi. Tente uma palavra-chave.\n\n*boleto*\n*endereço*'])
  }, T)
})
