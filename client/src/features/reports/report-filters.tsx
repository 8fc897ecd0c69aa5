import { useTranslation } from 'react-i18next'
import { TextField } from '../../ui/form-field.tsx'
import { MultiSelect } from '../../ui/multi-select.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { ContactLookup } from '../contacts/index.ts'
import { useQueueOptions } from '../queues/index.ts'
import { useUserOptions } from '../queues/index.ts'
import { useConnectionOptions } from '../users/index.ts'
import { REPORT_STATUSES, type ReportFilter } from './reports.ts'

/** The report's filters (spec part 2 §7): each narrows the rows; the choices come from the local database. */
export function ReportFilters({ filter, onChange }: { filter: ReportFilter; onChange: (f: ReportFilter) => void }) {
  const { t } = useTranslation()
  const connections = useConnectionOptions()
  const users = useUserOptions()
  const queues = useQueueOptions()
  const set = <K extends keyof ReportFilter>(key: K) => (value: ReportFilter[K]) => onChange({ ...filter, [key]: value })
  const all = t('reports.all')
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" data-testid="report-filters">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-72">
          <SearchField id="report-search" label={t('reports.search')} value={filter.search} onChange={set('search')} />
        </div>
        <div className="w-full sm:w-64">
          <ContactLookup id="report-contact" label={t('reports.contact')} value={filter.contact} onChange={set('contact')} />
        </div>
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <TextField id="report-from" type="date" label={t('reports.dateFrom')} value={filter.dateFrom} onChange={set('dateFrom')} />
        </div>
        <div className="w-[calc(50%-0.375rem)] sm:w-44">
          <TextField id="report-to" type="date" label={t('reports.dateTo')} value={filter.dateTo} onChange={set('dateTo')} />
        </div>
        <label className="flex items-center gap-2 py-2 text-sm">
          <input type="checkbox" checked={filter.onlyRated} onChange={(e) => set('onlyRated')(e.target.checked)} />
          {t('reports.onlyRated')}
        </label>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <MultiSelect id="report-connections" label={t('reports.connections')} allLabel={all} options={connections.map((c) => ({ value: c.id, label: c.name }))} value={filter.whatsappIds} onChange={set('whatsappIds')} />
        <MultiSelect id="report-users" label={t('reports.users')} allLabel={all} options={users.map((u) => ({ value: Number(u.value), label: u.label }))} value={filter.userIds} onChange={set('userIds')} />
        <MultiSelect id="report-queues" label={t('reports.queues')} allLabel={all} options={queues.map((q) => ({ value: q.id, label: q.name }))} value={filter.queueIds} onChange={set('queueIds')} />
        <MultiSelect id="report-statuses" label={t('reports.status')} allLabel={all} options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.statuses.${s}`) }))} value={filter.statuses} onChange={set('statuses')} />
      </div>
    </div>
  )
}
