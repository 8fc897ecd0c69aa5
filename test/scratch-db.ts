import postgres from 'postgres'

/** The server Postgres tests and benchmarks create scratch databases on (CI starts it). */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

let counter = 0

/** Creates an empty database named balcao_t_<pid>_…; drop() removes it (scripts/drop-test-databases.ts sweeps leftovers). */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `balcao_t_${process.pid}_${Date.now().toString(36)}_${counter++}`
  const admin = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(TEST_PG_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} })
      await a.unsafe(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}
