import { describe, expect, test } from 'bun:test'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { live } from '@electric-sql/pglite/live'

/**
 * patches/@electric-sql+pglite+0.5.16.patch (applied by `npm install`'s postinstall): PGlite's live query
 * starts listening for table changes inside its setup transaction, before the refresh function it calls
 * exists. A change notified in that window threw "Cannot access '…' before initialization" (an uncaught
 * error in the browser console after opening a ticket, issue 13) and was dropped. Patched, the change
 * is noted and the query refreshes once the function exists.
 */
describe('a change notified while a live query starts', () => {
  test('reaches the query, without an error', async () => {
    const pg = await PGlite.create('memory://', { extensions: { live } })
    await pg.exec('create table items (id int primary key)')
    // In the browser the worker's sync commits between the tab's setup statements; here the change is
    // made at the end of the setup transaction itself, after the listeners are in place.
    const transaction = pg.transaction.bind(pg)
    let sneakIn = true
    pg.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
      transaction(async (tx) => {
        const result = await fn(tx)
        if (sneakIn) await tx.exec('insert into items values (7)')
        sneakIn = false
        return result
      })) as typeof pg.transaction
    const unhandled: unknown[] = []
    const onRejection = (err: unknown) => void unhandled.push(err)
    process.on('unhandledRejection', onRejection)
    try {
      let seen: number[] = []
      const q = await pg.live.query<{ id: number }>('select id from items order by id', [], (r) => (seen = r.rows.map((x) => x.id)))
      expect(q.initialResults.rows).toEqual([])
      for (let i = 0; i < 100 && !seen.includes(7); i++) await Bun.sleep(5)
      expect(seen).toEqual([7])
      expect(unhandled.map(String)).toEqual([])
      await q.unsubscribe()
    } finally {
      process.off('unhandledRejection', onRejection)
      await pg.close()
    }
  })
})
