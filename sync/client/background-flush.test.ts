import { PGlite } from '@electric-sql/pglite'
import { describe, expect, test } from 'bun:test'
import { fileTimes, flushInBackground, type FileTimes } from './background-flush.ts'

/** A database whose flushes are counted, each taking `ms`. */
function countedFlushes(ms = 5, fail = () => false) {
  const pg = {
    flushes: 0,
    async syncToFs() {
      await Bun.sleep(ms)
      if (fail()) throw new Error('quota')
      pg.flushes++
    },
  }
  return pg
}

describe('background flushes', () => {
  test('return at once, run one at a time, always end with one after the last request, and settle', async () => {
    const started: number[] = []
    let active = 0
    let overlap = false
    const pg = {
      async syncToFs() {
        started.push(Date.now())
        active++
        if (active > 1) overlap = true
        await Bun.sleep(30)
        active--
      },
    }
    const flusher = flushInBackground(pg)
    const t0 = Date.now()
    await pg.syncToFs()
    await pg.syncToFs()
    await pg.syncToFs()
    expect(Date.now() - t0).toBeLessThan(20)
    await flusher.settled()
    // The first, then one for the two asked while it ran.
    expect(started).toHaveLength(2)
    expect(overlap).toBe(false)
    await flusher.settled()
    expect(started).toHaveLength(2)
  })

  test('a request with nothing new since the last flush is skipped, and the next change is flushed', async () => {
    let files: FileTimes = new Map([['/db/base', 1]])
    const pg = countedFlushes()
    const flusher = flushInBackground(pg, undefined, () => new Map(files))
    // One request as PGlite makes after a query, waited out: the flushes run so far.
    const askAndSettle = async () => {
      await pg.syncToFs()
      await flusher.settled()
      return pg.flushes
    }
    expect(await askAndSettle()).toBe(1)
    // Reads: the files are as the last flush found them.
    for (let i = 0; i < 3; i++) expect(await askAndSettle()).toBe(1)
    // A write after skipped requests still reaches storage (a skipped loop once stayed "running" for good).
    files = new Map([['/db/base', 1], ['/db/pg_wal', 2]])
    expect(await askAndSettle()).toBe(2)
    files = new Map([['/db/base', 3], ['/db/pg_wal', 2]])
    expect(await askAndSettle()).toBe(3)
    // A file gone is a change too.
    files = new Map([['/db/base', 3]])
    expect(await askAndSettle()).toBe(4)
  })

  test('a change made while a flush runs is flushed after it', async () => {
    let files: FileTimes = new Map([['/db/a', 1]])
    const pg = countedFlushes(30)
    const flusher = flushInBackground(pg, undefined, () => new Map(files))
    await pg.syncToFs()
    await Bun.sleep(10)
    files = new Map([['/db/a', 2]])
    await pg.syncToFs()
    await flusher.settled()
    expect(pg.flushes).toBe(2)
  })

  test('a failed flush is not counted as stored, and a probe that fails lets the flush run', async () => {
    const files: FileTimes = new Map([['/db/a', 1]])
    let failing = true
    const errors: unknown[] = []
    const pg = countedFlushes(1, () => failing)
    const flusher = flushInBackground(pg, (err) => errors.push(err), () => new Map(files))
    await pg.syncToFs()
    await flusher.settled()
    expect(errors).toHaveLength(1)
    failing = false
    await pg.syncToFs()
    await flusher.settled()
    expect(pg.flushes).toBe(1)

    const other = countedFlushes(1)
    const broken = flushInBackground(other, undefined, () => {
      throw new Error('unreadable')
    })
    await other.syncToFs()
    await broken.settled()
    await other.syncToFs()
    await broken.settled()
    expect(other.flushes).toBe(2)
  })
})

describe("a data directory's file times", () => {
  test('stay the same over reads and change with a write, read from PGlite’s own file system', async () => {
    const pg = await PGlite.create()
    try {
      const fs = (pg as unknown as { Module: { FS: Parameters<typeof fileTimes>[0] } }).Module.FS
      const times = fileTimes(fs, '/pglite/data')
      await pg.exec('create table t (id int primary key, v text); insert into t select g, md5(g::text) from generate_series(1, 2000) g')
      await Bun.sleep(5)
      const before = times()
      expect(before?.size).toBeGreaterThan(100)
      expect(before?.has('/pglite/data/PG_VERSION')).toBe(true)
      await Bun.sleep(5)
      await pg.query('select count(*) from t where v like $1', ['a%'])
      await pg.query('select * from t where id = 5')
      expect(times()).toEqual(before as FileTimes)
      await Bun.sleep(5)
      await pg.query('insert into t values (0, $1)', ['x'])
      const after = times() as FileTimes
      const changed = [...after].filter(([path, time]) => before?.get(path) !== time).map(([path]) => path)
      expect(changed.some((path) => path.includes('/pg_wal/'))).toBe(true)
      expect(fileTimes(fs, '/pglite/nowhere')()).toBeNull()
    } finally {
      await pg.close()
    }
  })
})
