import { expect, test } from 'bun:test'
import { proto } from 'baileys'
import { withSystem } from '../../../server/db/tenant.ts'
import { describeEachBackend } from '../../../test/env.ts'
import { createCompany, createConnection } from '../../../test/factories.ts'
import { storedMessageLookup } from './stored-message.ts'

describeEachBackend('getMessage from our store', (env) => {
  test('answers the kept payload, our own text, and undefined for unknown or media without a payload', async () => {
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    const raw = proto.WebMessageInfo.fromObject({ key: { id: 'IN1' }, message: { extendedTextMessage: { text: 'do cliente' } } }).toJSON()
    await withSystem(env().services.db, async (tx) => {
      const [c] = await tx`insert into contacts ${tx({ companyId, name: 'X', number: '5511912340000' })} returning id`
      const [t] = await tx`insert into tickets ${tx({ companyId, contactId: c.id, whatsappId: conn.id })} returning id`
      const base = { companyId, ticketId: t.id, whatsappId: conn.id }
      await tx`insert into messages ${tx({ ...base, wid: 'IN1', body: 'do cliente', dataJson: { raw } })}`
      await tx`insert into messages ${tx({ ...base, wid: 'OUT1', body: 'nosso texto', fromMe: true })}`
      await tx`insert into messages ${tx({ ...base, wid: 'OUT2', body: '', mediaType: 'image', fromMe: true })}`
    })
    const lookup = storedMessageLookup(env().services.db, conn.id)
    expect((await lookup('IN1'))?.extendedTextMessage?.text).toBe('do cliente')
    expect(await lookup('OUT1')).toEqual({ conversation: 'nosso texto' })
    expect(await lookup('OUT2')).toBeUndefined()
    expect(await lookup('NOPE')).toBeUndefined()
  })
})
