/** What prepared reads run on: PGlite, or anything with its `query`. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>
}

/** Prepared statements kept per database session; the least recently used goes past this. */
const MAX_PREPARED = 200

/** A statement that writes (a one-statement optimistic write through the read channel): never prepared. */
const WRITES = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i
const READS = /^\s*(select|with)\b/i
/** Statement names, unique in the process: two wrappers over one session never reuse one. */
let counter = 0

/**
 * The screens' reads as prepared statements (issue 14): the same few statements run again and again with
 * other parameters (a chat opened, a tab switched), and planning them cost most of their time. In PGlite
 * a chat's messages took 4-5 ms to plan and run, 1.0-1.4 ms as a prepared statement once Postgres settles
 * on its generic plan (after five runs, and only when that plan is estimated no worse than the custom ones).
 * PGlite has no named statements in its API, so the statement is PREPAREd in SQL and run with EXECUTE, its
 * parameters written as literals: only nulls, finite numbers, booleans and strings (quoted), which the
 * statement's declared parameter types then read exactly as the bound values would be; anything else (a
 * Date, an array, an object) runs as a plain query, as does a statement Postgres cannot prepare (a
 * parameter of undetermined type), a write, and a statement whose cached plan no longer fits (the schema
 * changed under it).
 */
export function preparedReads(pg: Queryable, max = MAX_PREPARED): Queryable & { prepared(): number } {
  // By statement text: its prepared name, or null when it cannot be prepared. Insertion order is use order.
  const names = new Map<string, Promise<string | null>>()

  async function prepare(sql: string): Promise<string | null> {
    const name = `read_${++counter}`
    try {
      await pg.query(`prepare ${name} as ${sql}`)
      return name
    } catch {
      return null
    }
  }

  async function evict() {
    while (names.size > max) {
      const [sql, name] = names.entries().next().value as [string, Promise<string | null>]
      names.delete(sql)
      const stale = await name
      if (stale) await pg.query(`deallocate ${stale}`).catch(() => {})
    }
  }

  return {
    prepared: () => names.size,
    async query<T>(sql: string, params: unknown[] = []) {
      const args = literalArgs(params)
      if (args === null || !READS.test(sql) || WRITES.test(sql)) return pg.query<T>(sql, params)
      let name = names.get(sql)
      if (name) names.delete(sql)
      name ??= prepare(sql)
      names.set(sql, name)
      const prepared = await name
      if (!prepared) return pg.query<T>(sql, params)
      await evict()
      try {
        return await pg.query<T>(`execute ${prepared}${args}`)
      } catch (err) {
        // 0A000: "cached plan must not change result type" (a table's columns changed under it).
        if ((err as { code?: string }).code !== '0A000') throw err
        names.delete(sql)
        await pg.query(`deallocate ${prepared}`).catch(() => {})
        return pg.query<T>(sql, params)
      }
    },
  }
}

/** `(1, 'a', null)` for EXECUTE, '' without parameters, or null when a value has no safe literal here. */
export function literalArgs(params: unknown[]): string | null {
  if (!params.length) return ''
  const out: string[] = []
  for (const p of params) {
    if (p === null || p === undefined) out.push('null')
    else if (typeof p === 'boolean') out.push(p ? 'true' : 'false')
    else if (typeof p === 'number' && Number.isFinite(p)) out.push(String(p))
    else if (typeof p === 'string' && !p.includes('\0')) out.push(`'${p.replaceAll("'", "''")}'`)
    else return null
  }
  return `(${out.join(', ')})`
}
