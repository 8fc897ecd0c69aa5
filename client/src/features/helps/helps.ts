import { api } from '../../lib/api.ts'
import { useRemembered } from '../../lib/remembered.ts'
import type { Help } from '../../lib/types.ts'

/**
 * GET /helps/list: every help video (the Helps menu entry shows only when it is non-empty). The last list
 * is remembered, so the menu is the same after an offline start.
 */
export function useHelpList(enabled = true): { helps: Help[]; loading: boolean } {
  const { value, loading } = useRemembered(enabled ? 'helps' : null, async () => (await api<Help[]>('/helps/list')) ?? [])
  return { helps: value ?? [], loading }
}
