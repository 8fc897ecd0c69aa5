import { availableParallelism } from 'node:os'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU seconds of this process and of the local Postgres server over a stretch of a benchmark. On this
 * 2-core machine the ingest figures are a CPU budget shared by both (bun + Postgres per message), and the
 * split says which side a change has to make cheaper; the wall figure alone moves ±20% between runs
 * when the host is busy. Postgres is every process named postgres (its backends live through the run:
 * the pool keeps them); null where /proc is missing.
 */
export function cpuMeter() {
  const bun0 = process.cpuUsage()
  const pg0 = postgresTicks()
  return {
    /** Milliseconds of CPU per unit of work since the meter started. */
    per(units: number) {
      const bun = process.cpuUsage(bun0)
      const pg1 = postgresTicks()
      return {
        bunMs: (bun.user + bun.system) / 1000 / units,
        postgresMs: pg0 === null || pg1 === null ? null : ((pg1 - pg0) * (1000 / TICKS_PER_SECOND)) / units,
      }
    },
  }
}

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat (100 on Linux everywhere it runs here). */
const TICKS_PER_SECOND = 100

function postgresTicks(): number | null {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return null
  }
  let ticks = 0
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // exited meanwhile
    }
    const close = stat.lastIndexOf(')')
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue
    // Fields after the command: state is the 3rd of stat, utime and stime the 14th and 15th.
    const fields = stat.slice(close + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks
}

/** The split, and the rate the machine's cores could carry at that cost if both sides kept them busy. */
export function formatCpu(cpu: { bunMs: number; postgresMs: number | null }): string {
  if (cpu.postgresMs === null) return `CPU per message: bun ${cpu.bunMs.toFixed(2)} ms`
  const cores = availableParallelism()
  const ceiling = (cores * 1000) / (cpu.bunMs + cpu.postgresMs)
  return `CPU per message: bun ${cpu.bunMs.toFixed(2)} ms + Postgres ${cpu.postgresMs.toFixed(2)} ms (at most ${ceiling.toFixed(0)} messages/s on ${cores} cores)`
}
