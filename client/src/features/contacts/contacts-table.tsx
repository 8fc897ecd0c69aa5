import { useTranslation } from 'react-i18next'
import type { ContactListItem } from './contacts.ts'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'

interface ContactsTableProps {
  contacts: ContactListItem[]
  /** Delete is offered only to those allowed (admins: contacts:delete). */
  canDelete: boolean
  /** The text of a refused write's error code. */
  errorText: (code: string) => string
  onEdit: (contact: ContactListItem) => void
  onToggleBlock: (contact: ContactListItem) => void
  onDelete: (contact: ContactListItem) => void
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

const cell = 'px-4 py-3 text-sm'
const iconButton = `${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`

/** Contacts page table: name (with the pending marker), number, email, tags, status and the row actions. */
export function ContactsTable({ contacts, canDelete, errorText, onEdit, onToggleBlock, onDelete, onRetry, onDiscard }: ContactsTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full min-w-[760px] text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('contacts.fields.name')}</th>
            <th className={cell}>{t('contacts.fields.number')}</th>
            <th className={cell}>{t('contacts.fields.email')}</th>
            <th className={cell}>{t('contacts.fields.tags')}</th>
            <th className={cell}>{t('contacts.fields.status')}</th>
            <th className={`${cell} text-right`}>{t('contacts.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {contacts.map((c) => (
            <tr key={c.key} data-testid="contact-row" data-pending={c.pending ? 'true' : 'false'} className={c.pending ? 'bg-amber-50/60 dark:bg-amber-950/20' : ''}>
              <td className={`${cell} font-medium`}>
                <span className="flex flex-wrap items-center gap-2">
                  <span>{c.name}</span>
                  {c.pending && c.clientId && (
                    <WriteStatus
                      error={c.error ? errorText(c.error) : null}
                      pendingLabel={t('sync.pending')}
                      retryLabel={t('sync.retry')}
                      discardLabel={t('sync.discard')}
                      onRetry={() => onRetry(c.clientId!)}
                      onDiscard={() => onDiscard(c.clientId!)}
                    />
                  )}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300`}>{c.number}</td>
              <td className={`${cell} text-slate-600 dark:text-slate-300`}>{c.email}</td>
              <td className={cell}>
                <span className="flex flex-wrap gap-1 text-xs">
                  {c.tags.map((tag) => (
                    <span key={tag.id} className="rounded px-1.5 text-white" style={{ backgroundColor: tag.color }}>
                      {tag.name}
                    </span>
                  ))}
                </span>
              </td>
              <td className={cell}>
                <span
                  data-testid="contact-status"
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.active ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'}`}
                >
                  {c.active ? t('contacts.status.active') : t('contacts.status.blocked')}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap text-right`}>
                <button type="button" className={iconButton} aria-label={t('contacts.edit', { name: c.name })} title={t('common.edit')} disabled={c.id === null} onClick={() => onEdit(c)}>
                  <Icon name="edit" className="size-5" />
                </button>
                <button
                  type="button"
                  data-testid="contact-block"
                  className={iconButton}
                  aria-label={t(c.active ? 'contacts.block' : 'contacts.unblock', { name: c.name })}
                  title={c.active ? t('contacts.blockAction') : t('contacts.unblockAction')}
                  disabled={c.id === null}
                  onClick={() => onToggleBlock(c)}
                >
                  <Icon name={c.active ? 'block' : 'lock'} className="size-5" />
                </button>
                {canDelete && (
                  <button type="button" className={iconButton} aria-label={t('contacts.delete', { name: c.name })} title={t('common.delete')} disabled={c.id === null} onClick={() => onDelete(c)}>
                    <Icon name="delete" className="size-5" />
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
