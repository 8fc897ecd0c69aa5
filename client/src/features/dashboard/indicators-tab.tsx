import { useTranslation } from 'react-i18next'
import { CountBars } from './charts.tsx'
import { hoursAndMinutes } from '../../lib/format.ts'
import { type DashboardData, stepLabel } from './dashboard.ts'
import { ChartCard, StatCard } from './stat-card.tsx'

export function IndicatorsTab({ data }: { data: DashboardData }) {
  const { t } = useTranslation()
  const c = data.counters
  const cards: [keyof typeof c, string | number][] = [
    ['supportHappening', c.supportHappening],
    ['supportPending', c.supportPending],
    ['supportFinished', c.supportFinished],
    ['supportGroups', c.supportGroups],
    ['leads', c.leads],
    ['tickets', c.tickets],
    ['activeTickets', c.activeTickets],
    ['passiveTickets', c.passiveTickets],
    ['avgWaitTime', hoursAndMinutes(c.avgWaitTime)],
    ['avgSupportTime', hoursAndMinutes(c.avgSupportTime)],
  ]
  const unowned = t('dashboard.unowned')
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map(([key, value]) => (
          <StatCard key={key} testId={key} label={t(`dashboard.counters.${key}`)} value={value} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ChartCard title={t(`dashboard.perTime.${data.perDay.unit}`)}>
          <CountBars testId="chart-per-day" label={t(`dashboard.perTime.${data.perDay.unit}`)} labels={data.perDay.data.map((d) => stepLabel(d.label, data.perDay.unit))} values={data.perDay.data.map((d) => d.total)} />
        </ChartCard>
        <ChartCard title={t('dashboard.perUser')}>
          {data.perUser.length ? (
            <CountBars testId="chart-per-user" horizontal label={t('dashboard.perUser')} labels={data.perUser.map((u) => u.name ?? unowned)} values={data.perUser.map((u) => u.total)} />
          ) : (
            <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{t('dashboard.noTickets')}</p>
          )}
        </ChartCard>
      </div>
    </div>
  )
}
