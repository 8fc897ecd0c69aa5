import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { IDBFactory } from 'fake-indexeddb'
import { createUserSchema, updateUserSchema } from '../../../../server/routes/users.schema.ts'
import { linkOutbox } from '../../../../sync/client/optimistic.ts'
import { openOutbox, type Outbox } from '../../../../sync/client/outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { watchQuery } from '../../lib/live-query.ts'
import { newUserValues, type UserFormValues } from './user-form.ts'
import { containsPattern } from '../../lib/local-sql.ts'
import { queueCreateUser, queueDeleteUser, queueUpdateUser, toUserListItem, userFormValuesOf, userListQuery, type UserListItem } from './users.ts'
import { SaveRefused, settleSave } from '../../lib/outbox-save.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from users; delete from user_queues; delete from local_writes; delete from synced_txids;`)
  await pg.exec(`insert into users (id, company_id, name, email, profile, super, all_ticket, allow_group, show_dashboard) values
    (1, 1, 'bruno', 'bruno@x.com', 'admin', true, 'enable', true, 'enabled'),
    (2, 1, 'Ana Paula', 'ana@x.com', 'user', false, 'disable', false, 'disabled'),
    (3, 1, 'Caio', 'caio_100%@y.com', 'user', false, 'disable', false, 'disabled')`)
  await pg.exec(`update users set start_work = '08:00', end_work = '18:30', whatsapp_id = 4, farewell_message = 'Até logo' where id = 2;
    insert into user_queues (company_id, user_id, queue_id) values (1, 2, 9), (1, 2, 3), (1, 1, 3)`)
})

async function list(search = ''): Promise<UserListItem[]> {
  const q = userListQuery({ search })
  const { rows } = await pg.query<Parameters<typeof toUserListItem>[0]>(q.sql, q.params)
  return rows.map(toUserListItem)
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

const values = (over: Partial<UserFormValues> = {}): UserFormValues => ({ ...newUserValues(), name: 'Dora Lima', email: 'Dora@X.com ', password: 'senha-123', ...over })

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

describe('userListQuery', () => {
  test('lists the synced users by name, case-insensitively, with their profile and switches', async () => {
    const users = await list()
    expect(users.map((u) => u.name)).toEqual(['Ana Paula', 'bruno', 'Caio'])
    expect(users[1]).toMatchObject({ key: '1', id: 1, profile: 'admin', super: true, pending: false, error: null })
    expect(users[1].permissions).toMatchObject({ allTicket: true, allowGroup: true, showDashboard: true, allHistoric: false })
    expect(users[0].permissions.allTicket).toBe(false)
  })

  test("carries each user's queues, default connection, hours and farewell into the dialog", async () => {
    const ana = (await list()).find((u) => u.id === 2)!
    expect(ana).toMatchObject({ queueIds: [3, 9], whatsappId: 4, startWork: '08:00', endWork: '18:30', farewellMessage: 'Até logo' })
    expect(userFormValuesOf(ana)).toMatchObject({ queueIds: [3, 9], whatsappId: 4, startWork: '08:00', endWork: '18:30', farewellMessage: 'Até logo', avatar: null })
    const caio = (await list()).find((u) => u.id === 3)!
    expect(caio).toMatchObject({ queueIds: [], whatsappId: null, startWork: '00:00', endWork: '23:59', farewellMessage: '' })
  })

  test('searches name or email in lowercase, anywhere in the text', async () => {
    expect((await list('ANA')).map((u) => u.id)).toEqual([2])
    expect((await list('y.com')).map((u) => u.id)).toEqual([3])
    expect((await list('  ')).length).toBe(3)
  })

  test("takes the user's % and _ literally", async () => {
    expect(containsPattern('100%')).toBe('%100\\%%')
    expect((await list('_100%')).map((u) => u.id)).toEqual([3])
    expect((await list('%')).map((u) => u.id)).toEqual([3])
  })
})

describe('writes through the outbox', () => {
  test('a user created offline shows at once, pending, with the body POST /users accepts', async () => {
    const box = await outbox()
    const clientId = await queueCreateUser({ pg, outbox: box }, 1, values({ profile: 'admin', permissions: { ...newUserValues().permissions, allowGroup: true } }))
    const users = await list()
    const created = users.find((u) => u.name === 'Dora Lima')!
    expect(created).toMatchObject({ key: `local-${clientId}`, id: null, clientId, email: 'dora@x.com', profile: 'admin', pending: true, error: null })
    expect(created.permissions.allowGroup).toBe(true)

    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ id: clientId, method: 'POST', path: '/users' })
    const body = createUserSchema.parse(write.body)
    expect(body).toMatchObject({ name: 'Dora Lima', email: 'dora@x.com', password: 'senha-123', profile: 'admin', allTicket: 'disable', allowGroup: true, showDashboard: 'disabled' })
    box.close()
  })

  test('an edit overlays the row at once; an empty password is not sent', async () => {
    const box = await outbox()
    await queueUpdateUser({ pg, outbox: box }, 2, values({ name: 'Ana Maria', email: 'ana@x.com', password: '' }))
    const ana = (await list()).find((u) => u.id === 2)!
    expect(ana).toMatchObject({ name: 'Ana Maria', pending: true })
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ method: 'PUT', path: '/users/2' })
    expect(write.body).not.toHaveProperty('password')
    expect(updateUserSchema.safeParse(write.body).success).toBe(true)
    box.close()
  })

  test('queues, connection, hours and farewell go in the body and the hours show at once', async () => {
    const box = await outbox()
    await queueUpdateUser({ pg, outbox: box }, 3, values({ queueIds: [3], whatsappId: 4, startWork: '09:10', endWork: '17:50', farewellMessage: 'Tchau' }))
    const [write] = box.snapshot().writes
    expect(updateUserSchema.parse(write.body)).toMatchObject({ queueIds: [3], whatsappId: 4, startWork: '09:10', endWork: '17:50', farewellMessage: 'Tchau' })
    expect((await list()).find((u) => u.id === 3)).toMatchObject({ startWork: '09:10', endWork: '17:50', whatsappId: 4, pending: true })
    box.close()
  })

  test('a save the server refuses is dropped and names its field, so the dialog shows only that', async () => {
    const box = await outbox(() => Response.json({ error: 'ERR_EMAIL_ALREADY_EXISTS', message: 'taken', field: 'email' }, { status: 409 }))
    const unlink = await linkOutbox(box, pg)
    const clientId = await queueCreateUser({ pg, outbox: box }, 1, values())
    const err = await settleSave(box, clientId).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SaveRefused)
    expect((err as SaveRefused).fields).toEqual({ email: 'errors.ERR_EMAIL_ALREADY_EXISTS' })
    expect((err as SaveRefused).handled).toBe(true)
    expect(box.snapshot().writes).toHaveLength(0)
    await until(async () => !(await list()).some((u) => u.clientId === clientId))
    unlink()
    box.close()
  })

  test('a delete hides the row at once', async () => {
    const box = await outbox()
    await queueDeleteUser({ pg, outbox: box }, 3)
    expect((await list()).map((u) => u.id)).toEqual([2, 1])
    expect(box.snapshot().writes[0]).toMatchObject({ method: 'DELETE', path: '/users/3' })
    box.close()
  })

  test('a create the server refuses stays, marked with its error, until discarded', async () => {
    const box = await outbox(() => new Response(JSON.stringify({ error: 'ERR_EMAIL_ALREADY_EXISTS' }), { status: 409 }))
    const unlink = await linkOutbox(box, pg)
    const clientId = await queueCreateUser({ pg, outbox: box }, 1, values())
    await until(async () => (await list()).some((u) => u.error === 'ERR_EMAIL_ALREADY_EXISTS'))
    expect((await list()).find((u) => u.clientId === clientId)).toMatchObject({ pending: true, error: 'ERR_EMAIL_ALREADY_EXISTS' })
    await box.discard(clientId)
    await until(async () => !(await list()).some((u) => u.clientId === clientId))
    unlink()
    box.close()
  })
})

describe('watchQuery', () => {
  test('calls back with the rows now and after each change of the tables the query reads', async () => {
    const seen: string[][] = []
    const q = userListQuery({ search: '' })
    const stop = watchQuery<{ name: string }>(pg, q, (rows) => seen.push(rows.map((r) => r.name)), (err) => {
      throw err
    })
    await until(async () => seen.length > 0)
    expect(seen.at(-1)).toEqual(['Ana Paula', 'bruno', 'Caio'])
    await pg.exec(`update users set name = 'Zé' where id = 3`)
    await until(async () => JSON.stringify(seen.at(-1)) === JSON.stringify(['Ana Paula', 'bruno', 'Zé']))
    const box = await outbox()
    await queueCreateUser({ pg, outbox: box }, 1, values({ name: 'Alice' }))
    await until(async () => seen.at(-1)?.[0] === 'Alice')
    stop()
    box.close()
  })
})
