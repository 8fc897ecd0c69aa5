import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo } from 'react'
import { optimisticSelect } from '../../../../sync/client/optimistic.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalDb } from '../../lib/local-first.ts'
import { userAtom } from '../../state/auth.ts'
import { campaignFlagAtom } from '../../state/flags.ts'

/** The company's campaignsEnabled as this tab sees it: the synced row with a pending switch laid over it. */
export function campaignSwitchQuery(companyId: number): SqlQuery {
  return {
    sql: `select campaigns_enabled from (${optimisticSelect('company_settings')}) s where s.company_id = $1 limit 1`,
    params: [companyId],
  }
}

/** Pure: what the cshow flag should become from the row read (no row yet: leave the flag as it is). */
export function campaignFlagFrom(rows: { campaigns_enabled: boolean | null }[]): boolean | null {
  if (!rows[0]) return null
  return rows[0].campaigns_enabled === true
}

/**
 * Keeps this browser's cshow flag on the company's campaignsEnabled switch (docs/decisions.md "Campaign
 * gates"): set when the synced settings say on, removed when off, at load and as soon as an admin flips
 * the switch (the pending write shows on the row at once). The shell mounts it once.
 */
export function useCampaignFlagMirror(): void {
  const db = useLocalDb()
  const companyId = useAtomValue(userAtom)?.companyId ?? 0
  const query = useMemo(() => campaignSwitchQuery(companyId), [companyId])
  const { rows, loading, error } = useLiveQuery<{ campaigns_enabled: boolean | null }>(companyId ? db : null, query)
  const setFlag = useSetAtom(campaignFlagAtom)
  const next = loading || error ? null : campaignFlagFrom(rows)
  useEffect(() => {
    if (next !== null) setFlag(next)
  }, [next, setFlag])
}
