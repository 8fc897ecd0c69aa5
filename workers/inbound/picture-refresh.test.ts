import { expect, test } from 'bun:test'
import { proto, type WAMessage } from 'baileys'
import { withSystem } from '../../server/db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { createCompany, createConnection } from '../../test/factories.ts'
import { FakeSocket } from '../channels/baileys/fake-socket.ts'
import { fakePhoneHost, waitFor } from '../channels/baileys/test-support.ts'

const PEER = '5511988887777@s.whatsapp.net'
const text = (id: string, body: string) =>
  proto.WebMessageInfo.fromObject({ key: { remoteJid: PEER, fromMe: false, id }, messageTimestamp: 1767225600, pushName: 'Ana', message: { conversation: body } }) as WAMessage

/** A phone whose picture answers can change; counts the lookups. */
class PicturePhone extends FakeSocket {
  picture = 'https://pps.example/ana-1.jpg'
  lookups: string[] = []
  override async profilePictureUrl(jid: string) {
    this.lookups.push(jid)
    return this.picture
  }
}

async function pictureOf(env: TestEnv, companyId: number): Promise<string | null> {
  const [row] = await withSystem(env.services.db, (tx) => tx<{ urlPicture: string | null }[]>`
    select url_picture from contacts where company_id = ${companyId} and number = '5511988887777'`)
  return row?.urlPicture ?? null
}

describeEachBackend('profile pictures from the channel', (env) => {
  test('a contact who writes gets their WhatsApp picture, asked again only after a day, stored when it changed', async () => {
    const s = env().services
    const { companyId } = await createCompany(env())
    const conn = await createConnection(env(), companyId, { channel: 'whatsapp' })
    const phone = new PicturePhone()
    const host = fakePhoneHost(s, phone, () => env().clock.now)
    const driver = (await host.attach(conn.id, { session: true }))!
    await driver.start()
    phone.open()
    try {
      const received = async (id: string) => {
        phone.ev.emit('messages.upsert', { type: 'notify', messages: [text(id, `mensagem ${id}`)] })
        await waitFor(async () => {
          const [row] = await withSystem(s.db, (tx) => tx`select 1 from messages where wid = ${id}`)
          return !!row
        })
        // The host starts the lookup right after the pipeline answers the driver, a few ticks after the commit.
        await Bun.sleep(20)
        await host.refreshing()
      }
      await received('M1')
      expect(phone.lookups).toEqual([PEER])
      expect(await pictureOf(env(), companyId)).toBe('https://pps.example/ana-1.jpg')

      // Within the day: no new lookup, even with a new picture at WhatsApp.
      phone.picture = 'https://pps.example/ana-2.jpg'
      await received('M2')
      expect(phone.lookups).toHaveLength(1)
      expect(await pictureOf(env(), companyId)).toBe('https://pps.example/ana-1.jpg')

      // A day later the next message brings the new one.
      env().clock.now = new Date(env().clock.now.getTime() + 25 * 60 * 60 * 1000)
      await received('M3')
      expect(phone.lookups).toHaveLength(2)
      expect(await pictureOf(env(), companyId)).toBe('https://pps.example/ana-2.jpg')
    } finally {
      await host.stop()
    }
  })
})
