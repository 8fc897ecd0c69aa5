import { useTranslation } from 'react-i18next'
import { ScoreGauge } from './charts.tsx'
import { type DashboardData, meanRating } from './dashboard.ts'
import { ChartCard, StatCard } from './stat-card.tsx'

const BANDS = [
  ['npsPromotersPerc', 'bg-green-600'],
  ['npsPassivePerc', 'bg-yellow-500'],
  ['npsDetractorsPerc', 'bg-red-600'],
] as const

export function NpsTab({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation()
  const c = data.counters
  const mean = meanRating(data)
  const pct = (n: number) => `${n.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}%`
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard title={t('dashboard.npsTitle')}>
          <div className="flex flex-col items-center gap-2" data-testid="nps-score">
            <span className="text-5xl font-bold tabular-nums">{c.npsScore.toLocaleString(i18n.language, { maximumFractionDigits: 1 })}</span>
            <span className="text-sm text-slate-500 dark:text-slate-400">{t('dashboard.npsHint')}</span>
          </div>
          <div className="flex flex-col gap-2">
            {BANDS.map(([key, color]) => (
              <div key={key} className="flex items-center gap-2 text-sm" data-testid={`stat-${key}`}>
                <span className="w-28 shrink-0">{t(`dashboard.counters.${key}`)}</span>
                <span className="h-3 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                  <span className={`block h-full ${color}`} style={{ width: `${c[key]}%` }} />
                </span>
                <span className="w-14 text-right tabular-nums">{pct(c[key])}</span>
              </div>
            ))}
          </div>
        </ChartCard>
        <ChartCard title={t('dashboard.meanRating')}>
          {mean === null ? (
            <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{t('dashboard.noRatings')}</p>
          ) : (
            <ScoreGauge value={mean} label={t('dashboard.meanRating')} />
          )}
        </ChartCard>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <StatCard testId="tickets" label={t('dashboard.counters.tickets')} value={c.tickets} />
        <StatCard testId="withRating" label={t('dashboard.counters.withRating')} value={c.withRating} />
        <StatCard testId="withoutRating" label={t('dashboard.counters.withoutRating')} value={c.withoutRating} />
        <StatCard testId="waitRating" label={t('dashboard.counters.waitRating')} value={c.waitRating} />
        <StatCard testId="percRating" label={t('dashboard.counters.percRating')} value={pct(c.percRating)} />
      </div>
    </div>
  )
}
