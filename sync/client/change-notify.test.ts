import { describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { CHANGES_CHANNEL, notifiedKeys, tablesNamedIn, WATCHED_TABLES } from './change-notify.ts'
import { optimisticSelect } from './optimistic.ts'
import { applyLocalSchema } from './schema.ts'

async function listening() {
  const pg = await PGlite.create('memory://')
  await applyLocalSchema(pg)
  const heard: string[] = []
  await pg.listen(CHANGES_CHANNEL, (table) => heard.push(table))
  const settle = () => new Promise((r) => setTimeout(r, 20))
  return { pg, heard, settle }
}

describe('the change notifications of the browser database', () => {
  test('name the table once per statement, for inserts, updates, deletes and truncates', async () => {
    const { pg, heard, settle } = await listening()
    await pg.exec(`insert into tags (id, company_id, name, color) select g, 1, 'T' || g, '#000' from generate_series(1, 500) g`)
    await settle()
    expect(heard).toEqual(['tags'])
    await pg.exec(`update tags set name = name || '!'`)
    await pg.exec(`delete from tags where id > 250`)
    await pg.exec(`truncate tags`)
    await pg.exec(`insert into local_writes (client_id, table_name, op) values ('a', 'tags', 'insert')`)
    await settle()
    expect(heard).toEqual(['tags', 'tags', 'tags', 'tags', 'local_writes:tags'])
    await pg.close()
  })

  test('name, for local_writes, each synced table the changed writes are for', async () => {
    const { pg, heard, settle } = await listening()
    await pg.exec(`insert into local_writes (client_id, table_name, op) values ('a', 'messages', 'insert'), ('b', 'tickets', 'update'), ('c', 'messages', 'insert')`)
    await settle()
    expect(heard.sort()).toEqual(['local_writes:messages', 'local_writes:tickets'])
    heard.length = 0
    await pg.exec(`update local_writes set error = 'x' where client_id = 'b'`)
    await pg.exec(`delete from local_writes where client_id = 'a'`)
    await settle()
    expect(heard).toEqual(['local_writes:tickets', 'local_writes:messages'])
    await pg.close()
  })

  test('fold the statements of one transaction into one per table', async () => {
    const { pg, heard, settle } = await listening()
    await pg.transaction(async (tx) => {
      for (let i = 1; i <= 20; i++) await tx.query(`insert into tags (id, company_id, name, color) values ($1, 1, 'x', '#000')`, [i])
      await tx.exec(`insert into users (id, company_id, name) values (1, 1, 'Ana')`)
    })
    await settle()
    expect(heard.sort()).toEqual(['tags', 'users'])
    await pg.close()
  })

  test('are added to a database built before them, without rebuilding its tables', async () => {
    const { pg, heard, settle } = await listening()
    await pg.exec(`insert into users (id, company_id, name) values (1, 1, 'Ana')`)
    for (const t of WATCHED_TABLES) await pg.exec(`drop trigger if exists "${t}_changes" on "${t}"; drop trigger "${t}_truncated" on "${t}"`)
    await pg.exec(`delete from local_meta where key = 'additions'`)
    expect(await applyLocalSchema(pg)).toEqual({ rebuilt: false })
    expect((await pg.query('select * from users')).rows).toHaveLength(1)
    heard.length = 0
    await pg.exec(`update users set name = 'Bia'`)
    await settle()
    expect(heard).toEqual(['users'])
    await pg.close()
  })
})

describe('tablesNamedIn', () => {
  test('finds whole table names, quoted or not, and not the tables a longer name contains', () => {
    expect(tablesNamedIn('select * from messages m join "tickets" t on t.id = m.ticket_id')).toEqual(['tickets', 'messages'])
    expect(tablesNamedIn('select * from quick_messages')).toEqual(['quick_messages'])
    expect(tablesNamedIn('select * from ticket_tags tt join tags g on g.id = tt.tag_id')).toEqual(['tags', 'ticket_tags'])
    expect(tablesNamedIn('select 1')).toEqual([])
  })

  test('hears local_writes by the synced tables the statement names, or all of them', () => {
    expect(tablesNamedIn(`select * from (${optimisticSelect('messages')}) m`)).toEqual(['messages', 'local_writes:messages'])
    expect(tablesNamedIn(`select * from local_writes where pending`)).toEqual(['local_writes'])
    expect(notifiedKeys('local_writes:messages')).toEqual(['local_writes:messages', 'local_writes'])
    expect(notifiedKeys('tickets')).toEqual(['tickets'])
  })
})
