import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import type { TagItem } from './tags.ts'

interface TagsTableProps {
  tags: TagItem[]
  /** Edit and delete are the admins' (server/domain/tags/tag-rules.ts); others see the list and the contacts. */
  canManage: boolean
  errorText: (code: string) => string
  onEdit: (tag: TagItem) => void
  onDelete: (tag: TagItem) => void
  onContacts: (tag: TagItem) => void
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

const cell = 'px-4 py-3 text-sm'
const iconButton = `${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`

/** Tags table (spec part 2 §2): name as a coloured chip, kanban, ticket and contact counts, actions. */
export function TagsTable({ tags, canManage, errorText, onEdit, onDelete, onContacts, onRetry, onDiscard }: TagsTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('tags.fields.name')}</th>
            <th className={`${cell} hidden sm:table-cell`}>{t('tags.fields.kanban')}</th>
            <th className={`${cell} hidden text-right sm:table-cell`}>{t('tags.tickets')}</th>
            <th className={`${cell} text-right`}>{t('tags.contactsCount')}</th>
            <th className={`${cell} text-right`}>{t('tags.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {tags.map((g) => (
            <tr key={g.key} data-testid="tag-row" data-pending={g.pending ? 'true' : 'false'} className={g.pending ? 'bg-amber-50/60 dark:bg-amber-950/20' : ''}>
              <td className={cell}>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: g.color }}>
                    {g.name}
                  </span>
                  {g.pending && g.clientId && (
                    <WriteStatus
                      error={g.error ? errorText(g.error) : null}
                      pendingLabel={t('sync.pending')}
                      retryLabel={t('sync.retry')}
                      discardLabel={t('sync.discard')}
                      onRetry={() => onRetry(g.clientId!)}
                      onDiscard={() => onDiscard(g.clientId!)}
                    />
                  )}
                </span>
              </td>
              <td className={`${cell} hidden sm:table-cell`}>{g.kanban ? t('common.yes') : t('common.no')}</td>
              <td className={`${cell} hidden text-right tabular-nums sm:table-cell`} data-testid="tag-ticket-count">{g.ticketCount}</td>
              <td className={`${cell} text-right tabular-nums`}>
                <button type="button" className="text-brand hover:underline disabled:no-underline disabled:opacity-60" disabled={g.id === null} onClick={() => onContacts(g)} aria-label={t('tags.contacts.open', { name: g.name })}>
                  {g.contactCount}
                </button>
              </td>
              <td className={`${cell} whitespace-nowrap text-right`}>
                {canManage && (
                  <>
                    <button type="button" className={iconButton} aria-label={t('tags.edit', { name: g.name })} title={t('common.edit')} disabled={g.id === null} onClick={() => onEdit(g)}>
                      <Icon name="edit" className="size-5" />
                    </button>
                    <button type="button" className={iconButton} aria-label={t('tags.delete', { name: g.name })} title={t('common.delete')} disabled={g.id === null} onClick={() => onDelete(g)}>
                      <Icon name="delete" className="size-5" />
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
