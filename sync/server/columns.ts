import type { Queryable } from '../../server/db/connect.ts'
import type { ShapeEntry, ShapeScope } from '../shapes.ts'

export interface ColumnInfo {
  name: string
  type: string
  dims: number
  notNull: boolean
  pkIndex: number | null
}

const cache = new Map<string, ColumnInfo[]>()

/** The table's columns in order, with the type names the schema header needs (cached per process). */
export async function tableColumns(sql: Queryable, table: string): Promise<ColumnInfo[]> {
  const hit = cache.get(table)
  if (hit) return hit
  const rows = await sql<{ name: string; type: string; dims: number; notNull: boolean; pkIndex: number | null }[]>`
    select a.attname as name,
           case when t.typcategory = 'A' then et.typname else t.typname end as type,
           case when t.typcategory = 'A' then greatest(a.attndims, 1) else 0 end as dims,
           a.attnotnull as not_null,
           (select k.ord - 1 from pg_index i, unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
             where i.indrelid = a.attrelid and i.indisprimary and k.attnum = a.attnum) as pk_index
      from pg_attribute a
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem
     where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
     order by a.attnum`
  cache.set(table, rows)
  return rows
}

/** Columns of the shape: every column of the table but the catalogue's exclusions. */
export async function shapeColumns(sql: Queryable, entry: ShapeEntry): Promise<ColumnInfo[]> {
  return (await tableColumns(sql, entry.table)).filter((c) => !entry.exclude.includes(c.name))
}

/** The electric-schema header: type, dims only on arrays, pk_index on keys, not_null only when true. */
export function schemaHeader(columns: ColumnInfo[], scope: ShapeScope, entry: ShapeEntry): string {
  const masked = entry.masked?.(scope) ?? {}
  const schema: Record<string, Record<string, unknown>> = {}
  for (const c of columns) {
    const info: Record<string, unknown> = { type: c.type }
    if (c.dims > 0) info.dims = c.dims
    if (c.pkIndex !== null && c.pkIndex >= 0) info.pk_index = c.pkIndex
    if (c.notNull && !masked[c.name]) info.not_null = true
    schema[c.name] = info
  }
  return JSON.stringify(schema)
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** A JSON object of the row's columns as text (Electric's value encoding), masks applied; row_to_json of a
 * subselect is the fastest form measured (shared/electric-protocol.md §2.6). */
export function valuesExpression(columns: ColumnInfo[], alias: string, masked: Record<string, (col: string) => string>): string {
  const parts = columns.map((c) => {
    const ref = `${alias}.${ident(c.name)}`
    const expr = masked[c.name] ? masked[c.name](ref) : ref
    return `(${expr})::text as ${ident(c.name)}`
  })
  return `(select row_to_json(x) from (select ${parts.join(', ')}) as x)`
}

export { ident }
