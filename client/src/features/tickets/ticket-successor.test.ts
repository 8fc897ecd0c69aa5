import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { successorQuery } from './ticket-successor.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
  await pg.exec(`insert into tickets (id, uuid, company_id, contact_id, whatsapp_id, status) values
    (1, '00000000-0000-0000-0000-000000000001', 1, 10, 5, 'closed'),
    (2, '00000000-0000-0000-0000-000000000002', 1, 10, 6, 'open'),
    (3, '00000000-0000-0000-0000-000000000003', 1, 10, 5, 'closed'),
    (4, '00000000-0000-0000-0000-000000000004', 1, 10, 5, 'pending'),
    (5, '00000000-0000-0000-0000-000000000005', 1, 11, 5, 'open')`)
})
afterAll(() => pg.close())

async function successor(id: number, contactId: number, whatsappId: number | null) {
  const q = successorQuery({ id, contactId, whatsappId })
  return (await pg.query<{ id: number; uuid: string }>(q.sql, q.params)).rows[0] ?? null
}

test('a closed ticket is followed by the newest live ticket of the same contact on the same connection', async () => {
  expect(await successor(1, 10, 5)).toEqual({ id: 4, uuid: '00000000-0000-0000-0000-000000000004' })
  expect(await successor(3, 10, 5)).toMatchObject({ id: 4 })
})

test('not by a ticket on another connection, of another contact, or older than it', async () => {
  expect(await successor(4, 10, 5)).toBeNull()
  expect(await successor(2, 10, 6)).toBeNull()
  expect(await successor(5, 11, 5)).toBeNull()
  expect(await successor(1, 10, null)).toBeNull()
})
