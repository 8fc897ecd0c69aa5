import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import type { Integration, IntegrationType } from './integrations.ts'

const td = tdClass.replace('align-top', 'align-middle')

/** Each type's badge: its initials on its colour (no external logos). */
const BADGES: Record<IntegrationType, { text: string; tone: string }> = {
  dialogflow: { text: 'DF', tone: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300' },
  n8n: { text: 'n8n', tone: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300' },
  webhook: { text: 'WH', tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  typebot: { text: 'TB', tone: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300' },
  flowbuilder: { text: 'FB', tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
}

/** The type's logo stand-in, named for screen readers. */
export function TypeBadge({ type }: { type: IntegrationType }) {
  const { t } = useTranslation()
  const badge = BADGES[type] ?? { text: '?', tone: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300' }
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-xs font-bold ${badge.tone}`}>{badge.text}</span>
      <span className="hidden text-xs text-slate-500 sm:inline dark:text-slate-400">{t(`integrations.types.${type}`)}</span>
      <span className="sr-only sm:hidden">{t(`integrations.types.${type}`)}</span>
    </span>
  )
}

interface Props {
  rows: Integration[]
  onEdit: (i: Integration) => void
  onDelete: (i: Integration) => void
}

/** The integrations list (spec part 2 §2): logo by type, id, name, edit and delete. */
export function IntegrationsTable({ rows, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  return (
    <TableCard
      testId="integrations-table"
      head={
        <>
          <th className={`${thClass} w-14 sm:w-40`}><span className="sr-only sm:not-sr-only">{t('integrations.columns.type')}</span></th>
          <th className={`${thClass} w-14`}>{t('integrations.columns.id')}</th>
          <th className={thClass}>{t('integrations.columns.name')}</th>
          <th className={`${thClass} w-24 text-right`}>{t('integrations.columns.actions')}</th>
        </>
      }
    >
      {rows.map((i) => (
        <tr key={i.id} data-testid="integration-row" className={rowClass}>
          <td className={td}><TypeBadge type={i.type} /></td>
          <td className={`${td} tabular-nums text-slate-500 dark:text-slate-400`}>{i.id}</td>
          <td className={`${td} font-medium [overflow-wrap:anywhere]`}>{i.name}</td>
          <td className={`${td} whitespace-nowrap text-right`}>
            <span className="inline-flex gap-0.5 sm:gap-1">
              <IconButton icon="edit" label={t('integrations.actions.edit', { name: i.name })} onClick={() => onEdit(i)} />
              <IconButton icon="delete" label={t('integrations.actions.delete', { name: i.name })} onClick={() => onDelete(i)} />
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
