import type { RunState } from '../../routing/routing-effects.ts'
import type { FlowRun } from './flow-run-state.ts'
import { normalisePhrase } from './phrase-match.ts'

/**
 * The left side of a condition: a run variable by its key ({{key}} accepted), else the contact's name,
 * number or email; an unknown key reads as empty.
 */
export function conditionKeyValue(key: string, state: RunState, run: FlowRun): string {
  const k = key.trim().replace(/^\{\{\s*/, '').replace(/\s*\}\}$/, '')
  if (Object.hasOwn(run.variables, k)) return run.variables[k]
  if (k === 'name') return state.contactName
  if (k === 'number') return state.contactNumber ?? ''
  if (k === 'email') return state.contactEmail ?? ''
  return ''
}

const NUMBER = /^-?\d+([.,]\d+)?$/
const asNumber = (s: string) => Number(s.trim().replace(',', '.'))

/**
 * Operators 1 '==', 2 '>=', 3 '<=', 4 '<', 5 '>' (spec part 2 §3): numbers when both sides are numbers,
 * else texts compared without case, accents or extra spaces.
 */
export function compareValues(left: string, right: string, operator: number): boolean {
  const numeric = NUMBER.test(left.trim()) && NUMBER.test(right.trim())
  const a = numeric ? asNumber(left) : normalisePhrase(left)
  const b = numeric ? asNumber(right) : normalisePhrase(right)
  switch (operator) {
    case 1: return a === b
    case 2: return a >= b
    case 3: return a <= b
    case 4: return a < b
    case 5: return a > b
    default: return false
  }
}
