/**
 * The browser's copy of the synced tables: same columns and types as the server's shapes, no foreign
 * keys (pglite-sync applies shape by shape inside one transaction), plus local-only state kept apart.
 */
export interface LocalColumn {
  name: string
  type: string
  dims: number
}

export interface LocalTable {
  table: string
  primaryKey: string[]
  columns: LocalColumn[]
}

const ident = (n: string) => `"${n.replace(/"/g, '""')}"`

export function localTableDdl(t: LocalTable): string {
  const cols = t.columns.map((c) => `  ${ident(c.name)} ${c.type}${'[]'.repeat(c.dims)}`)
  cols.push(`  primary key (${t.primaryKey.map(ident).join(', ')})`)
  return `create table if not exists ${ident(t.table)} (\n${cols.join(',\n')}\n);`
}
