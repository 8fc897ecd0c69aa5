/**
 * A company-{id}-{kind} live event `{action: 'create' | 'update', [record]: row}` or `{action: 'delete', [idKey]: id}`
 * applied to a loaded server list (file lists, auto-replies): a deleted row leaves, a known one is replaced, a new
 * one joins when the search would show it. The rows come back unchanged (the same array) when nothing moves.
 */
export function applyRecordEvent<T extends { id: number }>(
  rows: T[],
  event: string,
  data: unknown,
  spec: { kind: string; record: string; idKey: string; valid: (r: T) => boolean; matches: (r: T) => boolean; merge: (a: T[], b: T[]) => T[] },
): T[] {
  if (!new RegExp(`^company-\\d+-${spec.kind}$`).test(event)) return rows
  const d = (data ?? {}) as Record<string, unknown>
  if (d.action === 'delete') return rows.some((r) => r.id === d[spec.idKey]) ? rows.filter((r) => r.id !== d[spec.idKey]) : rows
  const record = d[spec.record] as T | undefined
  if ((d.action !== 'create' && d.action !== 'update') || !record || typeof record.id !== 'number' || !spec.valid(record)) return rows
  if (!rows.some((r) => r.id === record.id) && !spec.matches(record)) return rows
  return spec.merge(rows.filter((r) => r.id !== record.id), [record])
}
