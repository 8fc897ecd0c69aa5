import { afterAll, expect, test } from 'bun:test'
import { withSystem } from '../../../server/db/tenant.ts'
import { enqueueSend } from '../../../server/domain/outbound/enqueue-send.ts'
import { describeEachBackend, type TestEnv } from '../../../test/env.ts'
import { runSendBatch } from '../../outbound.ts'
import { loadAuthState, type AuthOwner } from './auth-state.ts'
import { BaileysDriver } from './baileys-driver.ts'
import { startWhatsAppPeer } from './whatsapp-peer.ts'
import { createConnection, recordingContext, waitFor } from './test-support.ts'

// The real Baileys socket (makeWASocket: its Noise handshake, binary nodes and Signal encryption)
// against a WhatsApp peer on loopback, so the ninth-digit lookup of issue 15 item 6 crosses the wire as
// WhatsApp's usync query and the message goes out to the JID WhatsApp answered.
describeEachBackend('BaileysDriver against a WhatsApp peer on loopback', (env) => {
  // An older account in area code 31, registered before the ninth digit, and a newer one in 11.
  const peer = startWhatsAppPeer({ registered: ['553188887777', '5511988887777'] })
  afterAll(() => peer.stop())

  /** A connection whose phone was linked before (stored credentials), its driver connected to the peer. */
  async function linkedDriver() {
    const owner = await createConnection(env())
    const auth = await loadAuthState(env().services.db, owner)
    auth.state.creds.me = { id: '5511999990000:3@s.whatsapp.net', name: 'Balcão' }
    await auth.saveCreds()
    const rec = recordingContext(owner)
    const driver = new BaileysDriver(rec.ctx, { db: env().services.db, waWebSocketUrl: peer.url, mediaMaxBytes: 1_000_000, getMessage: async () => undefined })
    await driver.start()
    await waitFor(() => rec.statuses().includes('CONNECTED'), 15_000)
    await withSystem(env().services.db, (tx) => tx`update whatsapps set status = 'CONNECTED' where id = ${owner.whatsappId}`)
    return { owner, driver, ...rec }
  }

  test('a linked device logs in through the Noise handshake and checks numbers with usync', async () => {
    const s = await linkedDriver()
    expect(peer.logins.at(-1)).toEqual({ username: '5511999990000', device: 3 })
    expect(await s.driver.checkNumber('+55 11 98888-7777')).toBe('5511988887777')
    expect(await s.driver.checkNumber('5511988887770')).toBeNull()
    expect(peer.contactQueries.slice(-2)).toEqual([['5511988887777'], ['5511988887770']])
    await s.driver.stop()
  })

  test('the ninth digit through the outbound queue: both forms asked, the answered one kept and sent to; neither form refused (issue 15 item 6)', async () => {
    const s = await linkedDriver()
    const deps = { ...env().services, now: () => env().clock.now, owner: 'peer-test', driverFor: () => s.driver, random: () => 0.5 }
    const contact = await contactWithTicket(env(), s.owner, '5531988887777')
    const first = await queue(env(), s.owner, contact, 'oi')
    const queriesBefore = peer.contactQueries.length
    await runSendBatch(deps, [s.owner.whatsappId])
    expect(peer.contactQueries.slice(queriesBefore)).toEqual([['5531988887777', '553188887777']])
    await waitFor(() => peer.messages.some((m) => m.id === first.wid), 10_000)
    expect(peer.messages.find((m) => m.id === first.wid)?.to).toBe('553188887777@s.whatsapp.net')
    expect(await waNumberOf(env(), contact.contactId)).toBe('553188887777')
    expect(await ackOf(env(), first.id)).toBe(1)

    // The kept form is used from then on, without asking again.
    const second = await queue(env(), s.owner, contact, 'de novo')
    await runSendBatch(deps, [s.owner.whatsappId])
    await waitFor(() => peer.messages.some((m) => m.id === second.wid), 10_000)
    expect(peer.messages.find((m) => m.id === second.wid)?.to).toBe('553188887777@s.whatsapp.net')
    expect(peer.contactQueries.length).toBe(queriesBefore + 1)

    // On neither form: failed with ERR_WAPP_CHECK_CONTACT, nothing on the wire.
    const nobody = await contactWithTicket(env(), s.owner, '5531977776666')
    const refused = await queue(env(), s.owner, nobody, 'x')
    const sentBefore = peer.messages.length
    await runSendBatch(deps, [s.owner.whatsappId])
    expect(peer.contactQueries.at(-1)).toEqual(['5531977776666', '553177776666'])
    const [row] = await withSystem(env().services.db, (tx) => tx<{ ack: number; sendError: string }[]>`select ack, send_error from messages where id = ${refused.id}`)
    expect(row).toEqual({ ack: -1, sendError: 'ERR_WAPP_CHECK_CONTACT' })
    expect(peer.messages.length).toBe(sentBefore)
    await s.driver.stop()
  })
})

type Contact = { contactId: number; ticketId: number }

async function contactWithTicket(env: TestEnv, owner: AuthOwner, number: string): Promise<Contact> {
  return withSystem(env.services.db, async (tx) => {
    const [c] = await tx<{ id: number }[]>`
      insert into contacts ${tx({ companyId: owner.companyId, name: 'Cliente antigo', number, channel: 'whatsapp' })} returning id`
    const [t] = await tx<{ id: number }[]>`
      insert into tickets ${tx({ companyId: owner.companyId, contactId: c.id, whatsappId: owner.whatsappId, status: 'open', channel: 'whatsapp' })} returning id`
    return { contactId: c.id, ticketId: t.id }
  })
}

/** One reply in the outbound queue; its id on the wire is the wid the queue stored before sending. */
async function queue(env: TestEnv, owner: AuthOwner, to: Contact, body: string): Promise<{ id: number; wid: string }> {
  const message = await withSystem(env.services.db, (tx) =>
    enqueueSend(tx, { companyId: owner.companyId, ticketId: to.ticketId, whatsappId: owner.whatsappId, contactId: to.contactId, channel: 'whatsapp', body, now: env.clock.now }),
  )
  const [row] = await withSystem(env.services.db, (tx) => tx<{ wid: string | null }[]>`select wid from messages where id = ${message.id}`)
  return { id: message.id, wid: row.wid ?? '' }
}

const waNumberOf = async (env: TestEnv, contactId: number) =>
  (await withSystem(env.services.db, (tx) => tx<{ waNumber: string }[]>`select wa_number from contact_wa_numbers where contact_id = ${contactId}`))[0]?.waNumber

const ackOf = async (env: TestEnv, id: number) => (await withSystem(env.services.db, (tx) => tx<{ ack: number }[]>`select ack from messages where id = ${id}`))[0].ack
