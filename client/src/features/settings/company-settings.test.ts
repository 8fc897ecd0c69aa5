import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { IDBFactory } from 'fake-indexeddb'
import { companySettingFields } from '../../../../server/domain/company-settings/company-settings.ts'
import { updateCompanySettingSchema } from '../../../../server/routes/company-settings.schema.ts'
import { linkOutbox } from '../../../../sync/client/optimistic.ts'
import { openOutbox, type Outbox } from '../../../../sync/client/outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import {
  COMPANY_SETTINGS,
  companySettingsQuery,
  missingMessage,
  queueSaveCompanySetting,
  settingWriteStates,
  settingWritesQuery,
  toCompanySettings,
  type CompanySettingsValues,
} from './company-settings.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from company_settings; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`insert into company_settings (company_id, user_rating, schedule_type, accept_call_whatsapp, transfer_message, close_ticket_on_transfer) values
    (1, 'disabled', 'queue', 'enabled', '', false),
    (2, 'enabled', 'company', 'enabled', 'bye', true)`)
})

async function read(companyId = 1): Promise<CompanySettingsValues | null> {
  const q = companySettingsQuery(companyId)
  const { rows } = await pg.query<Record<string, unknown>>(q.sql, q.params)
  return rows[0] ? toCompanySettings(rows[0]) : null
}

async function writes() {
  const { rows } = await pg.query<Parameters<typeof settingWriteStates>[0][number]>(settingWritesQuery.sql)
  return settingWriteStates(rows)
}

/** An outbox that never sends (offline), or answers every request with `answer`. */
function outbox(answer?: () => Response): Promise<Outbox> {
  return openOutbox({
    userKey: crypto.randomUUID(),
    baseUrl: 'http://api.test',
    fetch: async () => (answer ? answer() : Promise.reject(new TypeError('offline'))),
    indexedDB: new IDBFactory(),
    getToken: async () => 't',
    connectivity: answer ? null : { isOnline: () => false, subscribe: () => () => {} },
    lock: null,
    channel: null,
  })
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

describe('the key → column table', () => {
  test('names the same keys and columns as the server', () => {
    const server = Object.fromEntries(Object.entries(companySettingFields).map(([k, f]) => [k, f.column]))
    const client: Record<string, string> = Object.fromEntries(Object.entries(COMPANY_SETTINGS).map(([k, f]) => [k, f.column]))
    expect(client).toEqual(server)
  })
})

describe('reading the settings row', () => {
  test("reads the signed-in company's row by API key", async () => {
    const s = (await read(2))!
    expect(s).toMatchObject({ userRating: 'enabled', scheduleType: 'company', transferMessage: 'bye', closeTicketOnTransfer: true })
  })

  test("fills missing columns with the server's defaults", async () => {
    await pg.exec(`insert into company_settings (company_id) values (3)`)
    const s = (await read(3))!
    expect(s).toMatchObject({ scheduleType: 'disabled', chatBotType: 'text', acceptCallWhatsapp: 'enabled', enableLGPD: 'disabled', lgpdLink: '', DirectTicketsToWallets: false })
  })

  test('answers null before the row has synced', async () => {
    expect(await read(9)).toBeNull()
  })
})

describe('saving one setting through the outbox', () => {
  test('the change shows at once, pending, with the body PUT /companySettings accepts', async () => {
    const box = await outbox()
    const clientId = await queueSaveCompanySetting({ pg, outbox: box }, 1, 'scheduleType', 'company')
    expect((await read(1))!.scheduleType).toBe('company')
    expect((await read(2))!.userRating).toBe('enabled')
    expect(await writes()).toEqual({ scheduleType: { clientId, error: null } })

    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ id: clientId, method: 'PUT', path: '/companySettings' })
    expect(updateCompanySettingSchema.parse(write.body)).toEqual({ column: 'scheduleType', data: 'company' })
    box.close()
  })

  test('booleans go as booleans, and two edits lay over the row in order', async () => {
    const box = await outbox()
    await queueSaveCompanySetting({ pg, outbox: box }, 1, 'closeTicketOnTransfer', true)
    const last = await queueSaveCompanySetting({ pg, outbox: box }, 1, 'userRating', 'enabled')
    expect(await read(1)).toMatchObject({ closeTicketOnTransfer: true, userRating: 'enabled', scheduleType: 'queue' })
    expect((await writes()).userRating).toEqual({ clientId: last, error: null })
    expect(box.snapshot().writes[0].body).toEqual({ column: 'closeTicketOnTransfer', data: true })
    box.close()
  })

  test('an answered write stops being pending', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ companyId: 1, userRating: 'enabled' }), { status: 200 }))
    const unlink = await linkOutbox(box, pg)
    await queueSaveCompanySetting({ pg, outbox: box }, 1, 'userRating', 'enabled')
    await until(async () => (await writes()).userRating === undefined)
    unlink()
    box.close()
  })

  test('a refused write keeps its error until discarded, then the synced value shows again', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ error: 'ERR_VALIDATION' }), { status: 400 }))
    const unlink = await linkOutbox(box, pg)
    const clientId = await queueSaveCompanySetting({ pg, outbox: box }, 1, 'sendMsgTransfTicket', 'enabled')
    await until(async () => (await writes()).sendMsgTransfTicket?.error === 'ERR_VALIDATION')
    await box.discard(clientId)
    await until(async () => (await read(1))!.sendMsgTransfTicket === 'disabled')
    expect(await writes()).toEqual({})
    unlink()
    box.close()
  })
})

describe('missingMessage', () => {
  const base = () => toCompanySettings({})

  test('switching on a behaviour with an empty message names that message', () => {
    expect(missingMessage(base(), 'sendMsgTransfTicket', 'enabled')).toBe('transferMessage')
    expect(missingMessage(base(), 'sendGreetingAccepted', 'enabled')).toBe('greetingAcceptedMessage')
    expect(missingMessage(base(), 'sendQueuePosition', 'enabled')).toBe('sendQueuePositionMessage')
  })

  test('refusing calls needs the accept-call message', () => {
    expect(missingMessage(base(), 'acceptCallWhatsapp', 'disabled')).toBe('AcceptCallWhatsappMessage')
    expect(missingMessage({ ...base(), AcceptCallWhatsappMessage: 'não atendemos' }, 'acceptCallWhatsapp', 'disabled')).toBeNull()
  })

  test('clearing the message of a switched-on behaviour is refused; other changes pass', () => {
    const on = { ...base(), sendMsgTransfTicket: 'enabled', transferMessage: 'Transferido' }
    expect(missingMessage(on, 'transferMessage', '  ')).toBe('transferMessage')
    expect(missingMessage(on, 'userRating', 'enabled')).toBeNull()
  })
})
