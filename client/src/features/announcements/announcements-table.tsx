import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { formatShortDateTime } from '../../lib/format.ts'
import type { Announcement } from '../../lib/types.ts'
import { PRIORITY_KEYS } from './announcements-admin.ts'
import { priorityColor } from './announcements.ts'

interface Props {
  announcements: Announcement[]
  onEdit: (a: Announcement) => void
  onDelete: (a: Announcement) => void
}

/** Alta, Média or Baixa on the top bar's colour of that priority (spec part 2 §3). */
export function PriorityLabel({ priority, testId }: { priority: number; testId?: string }) {
  const { t } = useTranslation()
  const color = priorityColor(priority)
  const key = PRIORITY_KEYS[priority as 1 | 2 | 3] ?? 'low'
  return (
    <span
      data-testid={testId}
      data-priority={priority}
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold text-slate-800 dark:text-slate-100"
      style={{ backgroundColor: `${color}26`, boxShadow: `inset 0 0 0 1px ${color}99` }}
    >
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      {t(`announcementsPage.priority.${key}`)}
    </span>
  )
}

export function StatusLabel({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${
        active ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
      }`}
    >
      {active ? t('announcementsPage.active') : t('announcementsPage.inactive')}
    </span>
  )
}

/**
 * The announcements table (spec part 2 §2): title, priority, attachment, status, created and the actions.
 * On a phone: the title with its priority, status, attachment and date under it, and the actions.
 */
export function AnnouncementsTable({ announcements, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const h = (k: string) => t(`announcementsPage.columns.${k}`)
  return (
    <TableCard
      testId="announcements-table"
      head={
        <>
          <th className={thClass}>{h('title')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('priority')}</th>
          <th className={`${thClass} hidden lg:table-cell`}>{h('attachment')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('status')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('createdAt')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {announcements.map((a) => (
        <tr key={a.id} data-testid="announcement-row" data-status={a.status ? 'active' : 'inactive'} className={rowClass}>
          <td className={`${tdClass} min-w-0`}>
            <span className="block font-medium [overflow-wrap:anywhere]">{a.title}</span>
            <span className="line-clamp-2 text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">{a.text}</span>
            <span className="mt-1 flex flex-wrap items-center gap-1.5 sm:hidden">
              <PriorityLabel priority={a.priority} />
              <StatusLabel active={a.status} />
            </span>
            {a.mediaName && (
              <span className="mt-1 block text-xs text-slate-600 [overflow-wrap:anywhere] lg:hidden dark:text-slate-300">
                {t('announcementsPage.attachmentShort', { name: a.mediaName })}
              </span>
            )}
            <span className="mt-0.5 block text-xs tabular-nums text-slate-500 md:hidden dark:text-slate-400">{formatShortDateTime(a.createdAt)}</span>
          </td>
          <td className={`${tdClass} hidden sm:table-cell`}>
            <PriorityLabel priority={a.priority} testId="announcement-priority" />
          </td>
          <td className={`${tdClass} hidden max-w-48 [overflow-wrap:anywhere] lg:table-cell`} data-testid="announcement-media">
            {a.mediaName ?? <span className="text-slate-400 dark:text-slate-500">—</span>}
          </td>
          <td className={`${tdClass} hidden sm:table-cell`}>
            <StatusLabel active={a.status} />
          </td>
          <td className={`${tdClass} hidden whitespace-nowrap tabular-nums md:table-cell`}>{formatShortDateTime(a.createdAt)}</td>
          <td className={`${tdClass} text-right`}>
            <span className="inline-flex gap-1">
              <IconButton icon="edit" label={t('common.edit')} onClick={() => onEdit(a)} />
              <IconButton icon="delete" label={t('common.delete')} onClick={() => onDelete(a)} />
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
