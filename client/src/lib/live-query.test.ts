import { describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { applyLocalSchema } from '../../../sync/client/schema.ts'
import { sameRows, warmQuery, watchQuery, type LiveDb } from './live-query.ts'

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(5)
  }
}

describe('live queries over the change notifications', () => {
  test('watchers of one query share its runs; a query watched again answers at once, refreshed when stale', async () => {
    const pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    await pg.exec(`insert into tags (id, company_id, name, color) values (1, 1, 'VIP', '#000')`)
    const runs: string[] = []
    const db: LiveDb = { query: ((sql: string, params?: unknown[]) => (runs.push(sql), pg.query(sql, params))) as LiveDb['query'], listen: pg.listen.bind(pg) }
    const q = { sql: 'select name from tags order by id', params: [] }
    const a: string[][] = []
    const b: string[][] = []
    const fail = (err: unknown) => {
      throw err
    }
    const stopA = watchQuery<{ name: string }>(db, q, (rows) => a.push(rows.map((r) => r.name)), fail)
    const stopB = watchQuery<{ name: string }>(db, q, (rows) => b.push(rows.map((r) => r.name)), fail)
    await until(() => a.length > 0 && b.length > 0)
    expect(runs).toHaveLength(1)
    expect(b.at(-1)).toEqual(['VIP'])

    await pg.exec(`insert into tags (id, company_id, name, color) values (2, 1, 'Novo', '#111')`)
    await until(() => a.at(-1)?.length === 2 && b.at(-1)?.length === 2)
    expect(runs).toHaveLength(2)
    // Another table's change does not run it.
    await pg.exec(`insert into users (id, company_id, name) values (1, 1, 'Ana')`)
    await Bun.sleep(50)
    expect(runs).toHaveLength(2)

    stopA()
    stopB()
    // Watched again: the kept rows at once (in the same call), no query.
    const c: string[][] = []
    const stopC = watchQuery<{ name: string }>(db, q, (rows) => c.push(rows.map((r) => r.name)), fail)
    expect(c).toEqual([['VIP', 'Novo']])
    await Bun.sleep(50)
    expect(runs).toHaveLength(2)
    stopC()

    // A change while nobody watched: kept rows first, then the refreshed ones.
    await pg.exec(`delete from tags where id = 1`)
    await Bun.sleep(50)
    expect(runs).toHaveLength(2)
    const d: string[][] = []
    const stopD = watchQuery<{ name: string }>(db, q, (rows) => d.push(rows.map((r) => r.name)), fail)
    expect(d).toEqual([['VIP', 'Novo']])
    await until(() => d.length === 2)
    expect(d[1]).toEqual(['Novo'])
    expect(runs).toHaveLength(3)
    stopD()
    await pg.close()
  }, 60_000)

  test('a failing query reports its error to every watcher', async () => {
    const pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    const errors: unknown[] = []
    const stop = watchQuery(pg, { sql: 'select * from tags where id = $1', params: ['not a number'] }, () => {}, (err) => errors.push(err))
    await until(() => errors.length === 1)
    expect(String(errors[0])).toContain('invalid input syntax')
    stop()
    await pg.close()
  }, 60_000)

  test('a change that leaves the answer alone tells no watcher', async () => {
    const pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    await pg.exec(`insert into tags (id, company_id, name, color) values (1, 1, 'VIP', '#000')`)
    let runs = 0
    const db: LiveDb = { query: ((sql: string, params?: unknown[]) => (runs++, pg.query(sql, params))) as LiveDb['query'], listen: pg.listen.bind(pg) }
    const seen: { name: string }[][] = []
    const stop = watchQuery<{ name: string }>(db, { sql: `select name from tags where name <> 'oculta' order by id`, params: [] }, (rows) => seen.push(rows), (err) => {
      throw err
    })
    await until(() => seen.length === 1)
    // Read again (the table changed) but the same answer: no call, the kept array stays.
    await pg.exec(`insert into tags (id, company_id, name, color) values (2, 1, 'oculta', '#111')`)
    await until(() => runs === 2)
    await Bun.sleep(30)
    expect(seen).toHaveLength(1)
    // A different answer reaches the watcher.
    await pg.exec(`update tags set name = 'Cliente VIP' where id = 1`)
    await until(() => seen.length === 2)
    expect(seen[1].map((r) => r.name)).toEqual(['Cliente VIP'])
    stop()
    await pg.close()
  }, 60_000)

  test('a query read ahead answers its first watcher at once; one kept or watched is not read again', async () => {
    const pg = await PGlite.create('memory://')
    await applyLocalSchema(pg)
    await pg.exec(`insert into tags (id, company_id, name, color) values (1, 1, 'VIP', '#000')`)
    let runs = 0
    const db: LiveDb = { query: ((sql: string, params?: unknown[]) => (runs++, pg.query(sql, params))) as LiveDb['query'], listen: pg.listen.bind(pg) }
    const q = { sql: 'select name from tags where id = $1', params: [1] }
    await warmQuery(db, q)
    expect(runs).toBe(1)
    await warmQuery(db, q)
    expect(runs).toBe(1)
    const seen: string[][] = []
    const stop = watchQuery<{ name: string }>(db, q, (rows) => seen.push(rows.map((r) => r.name)), (err) => {
      throw err
    })
    // In the same call, with no query of its own.
    expect(seen).toEqual([['VIP']])
    await Bun.sleep(30)
    expect(runs).toBe(1)
    await warmQuery(db, q)
    expect(runs).toBe(1)
    // Still live once watched.
    await pg.exec(`update tags set name = 'Cliente VIP' where id = 1`)
    await until(() => seen.length === 2)
    expect(seen[1]).toEqual(['Cliente VIP'])
    stop()

    // Read ahead, then its table changes before anyone watches: the kept rows first, then the new ones.
    const other = { sql: 'select name from tags where id = $1', params: [2] }
    await pg.exec(`insert into tags (id, company_id, name, color) values (2, 1, 'Novo', '#111')`)
    await warmQuery(db, other)
    await pg.exec(`update tags set name = 'Renomeada' where id = 2`)
    await Bun.sleep(30)
    const later: string[][] = []
    const stopOther = watchQuery<{ name: string }>(db, other, (rows) => later.push(rows.map((r) => r.name)), (err) => {
      throw err
    })
    expect(later).toEqual([['Novo']])
    await until(() => later.length === 2)
    expect(later[1]).toEqual(['Renomeada'])
    stopOther()
    await pg.close()
  }, 60_000)

  test('sameRows compares column by column, dates by instant and JSON by content', () => {
    const at = '2026-11-29T10:00:00Z'
    expect(sameRows([{ id: 1, at: new Date(at), data: { a: [1] } }], [{ id: 1, at: new Date(at), data: { a: [1] } }])).toBe(true)
    expect(sameRows([{ id: 1, at: new Date(at) }], [{ id: 1, at: new Date('2026-11-29T10:00:01Z') }])).toBe(false)
    expect(sameRows([{ id: 1, data: { a: [1] } }], [{ id: 1, data: { a: [2] } }])).toBe(false)
    expect(sameRows([{ id: 1, name: null }], [{ id: 1, name: '' }])).toBe(false)
    expect(sameRows([{ id: 1 }], [{ id: 1, extra: 2 }])).toBe(false)
    expect(sameRows([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }])).toBe(false)
    expect(sameRows([], [])).toBe(true)
  })
})
