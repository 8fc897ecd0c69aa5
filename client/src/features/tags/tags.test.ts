import 'fake-indexeddb/auto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'
import { createTagSchema, updateTagSchema } from '../../../../server/routes/tags.schema.ts'
import { openOfflineOutbox } from '../../../../sync/client/offline-outbox.ts'
import { applyLocalSchema } from '../../../../sync/client/schema.ts'
import { inlineTagProblem, newTagValues, tagFormProblems } from './tag-form.ts'
import { queueCreateTag, queueDeleteTag, queueRemoveTagContact, queueUpdateTag, tagContactsQuery, tagListQuery, toTagItem, type TagItem } from './tags.ts'

let pg: PGlite & { live: import('@electric-sql/pglite/live').LiveNamespace }
beforeAll(async () => {
  pg = await PGlite.create('memory://', { extensions: { live } })
  await applyLocalSchema(pg)
})
afterAll(() => pg.close())
beforeEach(async () => {
  await pg.exec(`delete from tags; delete from ticket_tags; delete from contact_tags; delete from contacts; delete from local_writes;
    insert into tags (id, company_id, name, color, kanban) values (1, 1, 'vip', '#f00', 0), (2, 1, 'Atrasado', '#0f0', 1), (3, 1, 'Novo_100%', '#00f', 0);
    insert into ticket_tags (company_id, ticket_id, tag_id) values (1, 10, 1), (1, 11, 1), (1, 12, 2);
    insert into contacts (id, company_id, name, number) values (20, 1, 'Zé', '5511999990000'), (21, 1, 'ana', '5511999990001');
    insert into contact_tags (company_id, contact_id, tag_id) values (1, 20, 1), (1, 21, 1)`)
})

async function list(search = ''): Promise<TagItem[]> {
  const q = tagListQuery(search)
  return (await pg.query<Parameters<typeof toTagItem>[0]>(q.sql, q.params)).rows.map(toTagItem)
}

/** An outbox that never sends: the writes stay queued, their optimistic rows shown. */
const offlineOutbox = openOfflineOutbox

describe('tag form (spec part 2 §5 Tag)', () => {
  test("name required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'), a colour", () => {
    expect(tagFormProblems({ ...newTagValues(), name: '  ' })).toEqual({ name: 'tags.errors.required' })
    expect(tagFormProblems({ ...newTagValues(), name: 'ab' })).toEqual({ name: 'tags.errors.tooShort' })
    expect(tagFormProblems({ ...newTagValues(), name: 'abc', color: 'red' })).toEqual({ color: 'queues.errors.invalidColor' })
    expect(tagFormProblems({ ...newTagValues(), name: 'abc' })).toEqual({})
  })
  test("a tag typed inline under 3 characters is refused ('Tag muito curta!')", () => {
    expect(inlineTagProblem(' ab ')).toBe('tags.errors.inlineTooShort')
    expect(inlineTagProblem('abc')).toBeNull()
  })
})

describe('tagListQuery', () => {
  test('lists by name, case-insensitively, with ticket and contact counts', async () => {
    const tags = await list()
    expect(tags.map((g) => [g.name, g.ticketCount, g.contactCount, g.kanban])).toEqual([
      ['Atrasado', 1, 0, true],
      ['Novo_100%', 0, 0, false],
      ['vip', 2, 2, false],
    ])
  })
  test('searches the name anywhere, taking % and _ literally', async () => {
    expect((await list('VI')).map((g) => g.id)).toEqual([1])
    expect((await list('_100%')).map((g) => g.id)).toEqual([3])
    expect((await list('%')).map((g) => g.id)).toEqual([3])
  })
})

describe('writes through the outbox', () => {
  test('a tag created shows at once, pending, with the body POST /tags accepts', async () => {
    const box = await offlineOutbox()
    const clientId = await queueCreateTag({ pg, outbox: box }, 1, { name: ' Cliente bom ', color: '#123456', kanban: true })
    const created = (await list()).find((g) => g.name === 'Cliente bom')!
    expect(created).toMatchObject({ key: `local-${clientId}`, id: null, pending: true, kanban: true, color: '#123456', ticketCount: 0 })
    const [write] = box.snapshot().writes
    expect(write).toMatchObject({ method: 'POST', path: '/tags' })
    expect(createTagSchema.parse(write.body)).toMatchObject({ name: 'Cliente bom', color: '#123456', kanban: 1 })
    box.close()
  })

  test('an edit overlays the row; a delete hides it', async () => {
    const box = await offlineOutbox()
    await queueUpdateTag({ pg, outbox: box }, 1, { name: 'VIP Ouro', color: '#ff0000', kanban: false })
    expect((await list()).find((g) => g.id === 1)).toMatchObject({ name: 'VIP Ouro', pending: true, ticketCount: 2 })
    expect(updateTagSchema.safeParse(box.snapshot().writes[0].body).success).toBe(true)
    await queueDeleteTag({ pg, outbox: box }, 2)
    expect((await list()).map((g) => g.id)).toEqual([3, 1])
    expect(box.snapshot().writes[1]).toMatchObject({ method: 'DELETE', path: '/tags/2' })
    box.close()
  })

  test("a contact removed from a tag leaves the tag's contacts at once", async () => {
    const box = await offlineOutbox()
    const q = tagContactsQuery(1)
    expect((await pg.query<{ name: string }>(q.sql, q.params)).rows.map((r) => r.name)).toEqual(['ana', 'Zé'])
    await queueRemoveTagContact({ pg, outbox: box }, 1, 20)
    expect((await pg.query<{ name: string }>(q.sql, q.params)).rows.map((r) => r.name)).toEqual(['ana'])
    expect((await list()).find((g) => g.id === 1)?.contactCount).toBe(1)
    expect(box.snapshot().writes[0]).toMatchObject({ method: 'DELETE', path: '/tags-contacts/1/20' })
    box.close()
  })
})
