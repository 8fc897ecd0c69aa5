import { describe, expect, test } from 'bun:test'
import { PGlite } from '@electric-sql/pglite'
import { ReadError, readClient, serveReads } from './read-channel.ts'

describe('reads in one message to the worker', () => {
  test('answer rows and errors to the tab that asked, and repeat a read in flight when the leader changes', async () => {
    const pg = await PGlite.create('memory://')
    await pg.exec(`create table items (id int primary key, name text); insert into items values (1, 'a'), (2, 'b')`)
    const stop = serveReads('u1', pg)
    const other = readClient('u1')
    let leaderChanged = () => {}
    const tab = readClient('u1', (cb) => (leaderChanged = cb))
    try {
      const [mine, theirs] = await Promise.all([
        tab.query<{ id: number; name: string }>('select id, name from items where id = $1', [2]),
        other.query<{ n: number }>('select count(*)::int as n from items'),
      ])
      expect(mine.rows).toEqual([{ id: 2, name: 'b' }])
      expect(theirs.rows).toEqual([{ n: 2 }])
      const refused = await tab.query('select * from nowhere').catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(ReadError)
      expect((refused as ReadError).code).toBe('42P01')

      // No worker answers (the leader is gone) until the next one serves: the statement is sent again
      // when it says it serves, and again at the leader change, and runs once.
      stop()
      const late = tab.query<{ id: number }>('insert into items values (3, $1) returning id', ['c'])
      await Bun.sleep(30)
      const stopNext = serveReads('u1', pg)
      leaderChanged()
      expect((await late).rows).toEqual([{ id: 3 }])
      await Bun.sleep(30)
      expect((await pg.query('select id from items order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
      stopNext()
    } finally {
      tab.close()
      other.close()
      await pg.close()
    }
  }, 60_000)
})
