import { awaitWriteOutcome } from '../../../../sync/client/write-outcome.ts'
import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import { optimisticSelect, queueWrite } from '../../../../sync/client/optimistic.ts'
import type { CompanySchedulesInput } from '../../../../server/routes/companies.schema.ts'
import { userAtom } from '../../state/auth.ts'
import { fullWeek, type ScheduleEntry } from '../business-hours/index.ts'
import { useLiveQuery, type SqlQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import type { LocalWriter } from '../../lib/local-sql.ts'

/** The company's row as the schedules tab shows it: synced, with a pending save laid over it. */
export function companySchedulesQuery(companyId: number): SqlQuery {
  return { sql: `select schedules, pending, client_id, error from (${optimisticSelect('companies')}) c where c.id = $1`, params: [companyId] }
}

/** PUT /companies/{id}/schedules through the outbox, shown at once on the synced companies row. */
export function queueSaveCompanySchedules(w: LocalWriter, companyId: number, schedules: ScheduleEntry[]): Promise<string> {
  // weekdayEn comes from fullWeek's day list, the same names the server's schema allows.
  const body: CompanySchedulesInput = { schedules: schedules as CompanySchedulesInput['schedules'] }
  return queueWrite(w, { method: 'PUT', path: `/companies/${companyId}/schedules`, body }, {
    table: 'companies',
    op: 'update',
    rowKey: { id: companyId },
    value: { schedules },
  })
}

type Row = { schedules: ScheduleEntry[] | null; pending: boolean; client_id: string | null; error: string | null }

/** The company's service hours (every weekday), the state of an unconfirmed save, and the actions. */
export function useCompanySchedules() {
  const lf = useLocalFirst()
  const companyId = useAtomValue(userAtom)?.companyId ?? 0
  const query = useMemo(() => companySchedulesQuery(companyId), [companyId])
  const { rows, loading, error } = useLiveQuery<Row>(lf?.db ?? null, query)
  const row = rows[0]
  const actions = useMemo(() => {
    if (!lf || !companyId) return null
    const w: LocalWriter = { pg: lf.db, outbox: lf.outbox }
    return {
      /** Queues the hours; resolves with the answer (a refusal stays beside the button: retry or discard). */
      save: async (schedules: ScheduleEntry[]) => awaitWriteOutcome(lf.outbox, await queueSaveCompanySchedules(w, companyId, schedules)).catch(() => null),
      retry: (clientId: string) => lf.outbox.retry(clientId),
      discard: (clientId: string) => lf.outbox.discard(clientId),
    }
  }, [lf, companyId])
  return {
    schedules: row ? fullWeek(row.schedules) : null,
    write: row?.pending && row.client_id ? { clientId: row.client_id, error: row.error } : null,
    loading,
    error,
    actions,
  }
}
