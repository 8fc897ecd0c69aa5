/** Flow names are 2-50 characters (spec part 2 §5 "Flow"). */
export const FLOW_NAME_MAX = 50

/**
 * The name of a duplicate (POST /flowbuilder/duplicate, issue 21 API contract): "<name> - cópia", cut to
 * 50, and numbered " (2)", " (3)"… while the name is taken in the company (names compare in lowercase).
 */
export function copyName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()))
  const base = `${name} - cópia`
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`
    const candidate = `${base.slice(0, FLOW_NAME_MAX - suffix.length).trimEnd()}${suffix}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}
