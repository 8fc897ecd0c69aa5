import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { errorMessage } from '../../lib/errors.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { useTagChoices } from '../tags/index.ts'
import { Icon } from '../../ui/icon.tsx'
import { FINISHED_RELOAD_MS, reportBars, reportUpdate, type ProgressBar } from './campaign-status.ts'
import { fetchCampaign, subscribeCampaignEvents, type Campaign } from './campaigns.ts'
import { CampaignStatusChip, DateCell } from './campaigns-table.tsx'

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'

/**
 * /campaign/{campaignId}/report (spec part 2 §2, §4, §9): the campaign's status, progress bars and counts,
 * its connection, target and dates. Live campaign events replace what is shown; a FINALIZADA one reads the
 * campaign again 5 seconds later (the last counts settle after the status).
 */
export default function CampaignReportPage() {
  const { t } = useTranslation()
  const id = Number(useParams().campaignId)
  const [reload, setReload] = useState(0)
  const query = useServerQuery(Number.isInteger(id) && id > 0 ? `campaign/${id}/${reload}` : null, (signal) => fetchCampaign(id, signal))
  const [live, setLive] = useState<{ record: Campaign | null; deleted: boolean } | null>(null)

  useEffect(() => {
    setLive(null)
    let timer: ReturnType<typeof setTimeout> | undefined
    const off = subscribeCampaignEvents((event) => {
      const update = reportUpdate(id, event)
      if (!update) return
      setLive({ record: update.record, deleted: update.deleted })
      if (update.finished) {
        clearTimeout(timer)
        timer = setTimeout(() => setReload((n) => n + 1), FINISHED_RELOAD_MS)
      }
    })
    return () => {
      off()
      clearTimeout(timer)
    }
  }, [id])
  // A fresh read wins over the live record it follows.
  useEffect(() => {
    if (query.data) setLive((l) => (l?.deleted ? l : null))
  }, [query.data])

  const campaign = live?.record ?? query.data
  const back = (
    <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline">
      <Icon name="chevronLeft" className="size-4" />
      {t('campaigns.report.back')}
    </Link>
  )
  if (live?.deleted || (!campaign && (query.error || !(id > 0)))) {
    const text = live?.deleted ? t('campaigns.report.deleted') : query.error ? errorMessage(query.error) : t('campaigns.report.notFound')
    return (
      <section className="flex flex-col gap-4">
        {back}
        <p role="alert" className={`${card} text-center text-sm text-slate-600 dark:text-slate-300`} data-testid="campaign-report-error">{text}</p>
      </section>
    )
  }
  if (!campaign) return <p className="text-sm text-slate-500">{t('common.loading')}</p>
  return <CampaignReport campaign={campaign} back={back} />
}

function CampaignReport({ campaign: c, back }: { campaign: Campaign; back: ReactNode }) {
  const { t } = useTranslation()
  const tags = useTagChoices()
  const tagName = c.tagListId ? (tags.find((g) => g.id === c.tagListId)?.name ?? `#${c.tagListId}`) : null
  const p = c.progress ?? { valid: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 }
  const counts: [string, number, string][] = [
    ['valid', p.valid, 'people'],
    ['delivered', p.delivered, 'send'],
    ...(c.confirmation
      ? ([
          ['confirmationRequested', p.confirmationRequested, 'help'],
          ['confirmed', p.confirmed, 'check'],
        ] as [string, number, string][])
      : []),
  ]
  return (
    <section className="flex flex-col gap-4" data-testid="campaign-report">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold [overflow-wrap:anywhere]" data-testid="campaign-report-name">{c.name}</h1>
        <CampaignStatusChip status={c.status} testId="campaign-report-status" />
      </div>
      <div className={`${card} flex flex-col gap-4`}>
        {reportBars(c).map((bar) => (
          <Bar key={bar.key} bar={bar} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counts.map(([key, value, icon]) => (
          <div key={key} className={`${card} flex items-center gap-3`} data-testid={`campaign-count-${key}`}>
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand">
              <Icon name={icon} className="size-5" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="text-xs font-medium text-slate-500 dark:text-slate-400">{t(`campaigns.report.${key}`)}</span>
              <span className="text-2xl font-bold tabular-nums" data-testid="count">{value}</span>
            </span>
          </div>
        ))}
      </div>
      <dl className={`${card} grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2`}>
        <Detail label={t('campaigns.columns.whatsapp')} value={c.whatsapp?.name} />
        <Detail label={c.contactList ? t('campaigns.fields.contactList') : t('campaigns.fields.tag')} value={c.contactList?.name ?? tagName} />
        <Detail label={t('campaigns.columns.scheduledAt')} value={<DateCell iso={c.scheduledAt} />} />
        <Detail label={t('campaigns.columns.completedAt')} value={<DateCell iso={c.completedAt} />} />
      </dl>
    </section>
  )
}

function Bar({ bar }: { bar: ProgressBar }) {
  const { t } = useTranslation()
  const label = t(`campaigns.report.bar.${bar.key}`)
  return (
    <div className="flex flex-col gap-1" data-testid={`campaign-bar-${bar.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-slate-600 dark:text-slate-300">
          {t('campaigns.report.ofTotal', { done: bar.done, total: bar.total })} ({bar.percent}%)
        </span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={bar.percent} className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${bar.percent}%` }} />
      </div>
    </div>
  )
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{value ?? <span className="text-slate-400 dark:text-slate-500">—</span>}</dd>
    </div>
  )
}
