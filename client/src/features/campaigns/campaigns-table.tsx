import { useTranslation } from 'react-i18next'
import { shortDateTime } from '../../lib/format.ts'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { campaignActions, STATUS_TONES } from './campaign-status.ts'
import type { Campaign, CampaignStatus } from './campaigns.ts'

interface Props {
  campaigns: Campaign[]
  /** The campaign's target as shown: its contact list, or its tag. */
  targetOf: (c: Campaign) => string
  busyId: number | null
  onStop: (c: Campaign) => void
  onRestart: (c: Campaign) => void
  onReport: (c: Campaign) => void
  onEdit: (c: Campaign) => void
  onDelete: (c: Campaign) => void
}

/** Inativa, Programada, Em Andamento, Cancelada or Finalizada on its colour. */
export function CampaignStatusChip({ status, testId }: { status: CampaignStatus; testId?: string }) {
  const { t } = useTranslation()
  return (
    <span data-testid={testId} data-status={status} className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[status] ?? STATUS_TONES.INATIVA}`}>
      {t(`campaigns.status.${status}`)}
    </span>
  )
}

/** dd/MM/yyyy HH:mm in Portuguese, or a dash; a narrow column may put the time under the date. */
export function DateCell({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation()
  if (!iso) return <span className="text-slate-400 dark:text-slate-500">—</span>
  const [day, ...time] = shortDateTime(new Date(iso), i18n.language).split(' ')
  return (
    <>
      <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{time.join(' ')}</span>
    </>
  )
}

// Four actions must fit one line on a laptop: slightly smaller round buttons than the app's default.
const actionClass = `${plainIconButtonClass.replace('size-10', 'size-9')} disabled:cursor-not-allowed disabled:opacity-40`

function ActionButton({ icon, label, testId, disabled, onClick }: { icon: string; label: string; testId: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={actionClass} aria-label={label} title={label} data-testid={testId} disabled={disabled} onClick={onClick}>
      <Icon name={icon} className="size-5" />
    </button>
  )
}

const muted = 'text-slate-400 dark:text-slate-500'

/**
 * The campaigns table (spec part 2 §2): name, status, contact list, connection, scheduled at, completed at,
 * confirmation and the actions stop, restart, report, edit, delete. On a phone the name carries its status
 * and target under it; the dates show from a laptop width.
 */
export function CampaignsTable({ campaigns, targetOf, busyId, onStop, onRestart, onReport, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const h = (k: string) => t(`campaigns.columns.${k}`)
  return (
    <TableCard
      testId="campaigns-table"
      head={
        <>
          <th className={thClass}>{h('name')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('status')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('contactList')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('whatsapp')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('scheduledAt')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('completedAt')}</th>
          <th className={`${thClass} hidden xl:table-cell`}>{h('confirmation')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {campaigns.map((c) => {
        const can = campaignActions(c)
        const busy = busyId === c.id
        const target = targetOf(c)
        return (
          <tr key={c.id} data-testid="campaign-row" data-status={c.status} className={rowClass}>
            <td className={`${tdClass} min-w-36`}>
              <span className="block font-medium [overflow-wrap:anywhere]">{c.name}</span>
              <span className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">
                <CampaignStatusChip status={c.status} />
              </span>
              <span className="mt-0.5 block text-xs text-slate-500 [overflow-wrap:anywhere] md:hidden dark:text-slate-400">
                {[target, c.whatsapp?.name].filter(Boolean).join(' · ')}
              </span>
              {c.scheduledAt && (
                <span className="mt-0.5 block text-xs tabular-nums text-slate-500 lg:hidden dark:text-slate-400">
                  {t('campaigns.columns.scheduledAt')}: <DateCell iso={c.scheduledAt} />
                </span>
              )}
            </td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <CampaignStatusChip status={c.status} testId="campaign-status" />
            </td>
            <td className={`${tdClass} hidden break-words md:table-cell`}>{target || <span className={muted}>—</span>}</td>
            <td className={`${tdClass} hidden break-words md:table-cell`}>{c.whatsapp?.name ?? <span className={muted}>—</span>}</td>
            <td className={`${tdClass} hidden tabular-nums lg:table-cell`}>
              <DateCell iso={c.scheduledAt} />
            </td>
            <td className={`${tdClass} hidden tabular-nums lg:table-cell`}>
              <DateCell iso={c.completedAt} />
            </td>
            <td className={`${tdClass} hidden xl:table-cell`}>{c.confirmation ? t('campaigns.confirmationOn') : t('campaigns.confirmationOff')}</td>
            <td className={`${tdClass} text-right`}>
              <span className="inline-flex flex-wrap justify-end lg:flex-nowrap">
                {can.stop && <ActionButton icon="block" label={t('campaigns.actions.stop')} testId="campaign-stop" disabled={busy} onClick={() => onStop(c)} />}
                {can.restart && <ActionButton icon="play" label={t('campaigns.actions.restart')} testId="campaign-restart" disabled={busy} onClick={() => onRestart(c)} />}
                {can.report && <ActionButton icon="chart" label={t('campaigns.actions.report')} testId="campaign-report" onClick={() => onReport(c)} />}
                <ActionButton icon="edit" label={t('common.edit')} testId="campaign-edit" onClick={() => onEdit(c)} />
                <ActionButton icon="delete" label={t('common.delete')} testId="campaign-delete" onClick={() => onDelete(c)} />
              </span>
            </td>
          </tr>
        )
      })}
    </TableCard>
  )
}
