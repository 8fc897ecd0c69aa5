import postgres from 'postgres'

/** Drops scratch databases (balcao_t_*) that an interrupted test run left behind. */
const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 })
try {
  const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like 'balcao_t_%'`
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2])
    // A database of a test process that is still running is left alone.
    if (pid && pid !== process.pid && isAlive(pid)) continue
    await sql.unsafe(`drop database if exists "${datname}" with (force)`)
  }
} finally {
  await sql.end()
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
