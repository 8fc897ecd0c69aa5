import { PGlite } from '@electric-sql/pglite'
import { beforeAll, expect, test } from 'bun:test'
import { literalArgs, preparedReads } from './prepared-reads.ts'

let pg: PGlite
beforeAll(async () => {
  pg = await PGlite.create()
  await pg.exec(`
    create table t (id int primary key, name text, flag boolean, at timestamptz default '2026-01-01T00:00:00Z', u uuid);
    insert into t (id, name, flag, u) values (1, 'Ana', true, '00000000-0000-4000-8000-000000000001'), (2, 'O''Brien', false, null), (3, 'Caio', null, null);`)
})

const preparedCount = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n

test('a read answers as the plain query does, with every kind of literal, past the switch to a generic plan', async () => {
  const reads = preparedReads(pg)
  const sql = 'select id, name from t where (id = $1 or name = $2 or flag = $3 or u = $4::uuid) order by id'
  const cases: unknown[][] = [
    [1, null, null, null],
    [null, "O'Brien", null, null],
    [null, null, false, null],
    [null, null, null, '00000000-0000-4000-8000-000000000001'],
    [null, "x'); drop table t; --", null, null],
  ]
  for (let round = 0; round < 3; round++) {
    for (const params of cases) expect((await reads.query(sql, params)).rows).toEqual((await pg.query(sql, params)).rows)
  }
  expect((await reads.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }])
  expect(reads.prepared()).toBe(2)
})

test('what it cannot write as a literal, cannot prepare, or would write runs as a plain query', async () => {
  const reads = preparedReads(pg)
  const before = await preparedCount()
  const when = new Date('2026-01-01T00:00:00Z')
  expect((await reads.query<{ id: number }>('select id from t where at = $1 order by id limit 1', [when])).rows).toEqual([{ id: 1 }])
  const written = await reads.query('with x as (select 1) insert into t (id, name) values ($1, $2)', [9, 'Nova'])
  expect(written.affectedRows).toBe(1)
  await pg.query('delete from t where id = 9')
  expect(await preparedCount()).toBe(before)
  // A parameter Postgres cannot type: the plain query answers (and says what is wrong) as it would have.
  const plainError = await pg.query('select $1 + $2 as v', [1, 2]).catch((err: Error) => err.message)
  expect(await reads.query('select $1 + $2 as v', [1, 2]).catch((err: Error) => err.message)).toEqual(plainError)
  expect((await reads.query<{ v: string }>('select $1 as v', ['solto'])).rows).toEqual([{ v: 'solto' }])
})

test('the least recently used statement is deallocated past the limit', async () => {
  const reads = preparedReads(pg, 2)
  const before = await preparedCount()
  await reads.query('select 1 as a from t where id = $1', [1])
  await reads.query('select 2 as b from t where id = $1', [1])
  await reads.query('select 1 as a from t where id = $1', [2]) // used again: the second is now the oldest
  await reads.query('select 3 as c from t where id = $1', [1])
  expect(reads.prepared()).toBe(2)
  const kept = (await pg.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((r) => r.statement)
  expect(kept.some((s) => s.includes('select 2 as b'))).toBe(false)
  expect(kept.filter((s) => /select [13] as/.test(s))).toHaveLength(2)
  expect(await preparedCount()).toBe(before + 2)
})

test('a statement whose table changed shape is prepared again', async () => {
  await pg.exec('create table s (id int); insert into s values (1)')
  const reads = preparedReads(pg)
  expect((await reads.query('select * from s where id = $1', [1])).rows).toEqual([{ id: 1 }])
  await pg.exec("alter table s add column label text default 'x'")
  expect((await reads.query('select * from s where id = $1', [1])).rows).toEqual([{ id: 1, label: 'x' }])
})

test('literals: numbers, booleans, nulls and quoted strings; other values are refused', () => {
  expect(literalArgs([])).toBe('')
  expect(literalArgs([1, -2.5, true, null, undefined, "it's"])).toBe("(1, -2.5, true, null, null, 'it''s')")
  expect(literalArgs([Number.NaN])).toBeNull()
  expect(literalArgs([new Date()])).toBeNull()
  expect(literalArgs([[1, 2]])).toBeNull()
  expect(literalArgs([{ a: 1 }])).toBeNull()
})
