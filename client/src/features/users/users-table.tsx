import { useTranslation } from 'react-i18next'
import type { UserListItem } from './users.ts'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'

interface UsersTableProps {
  users: UserListItem[]
  /** The logged-in user (nobody deletes themselves). */
  currentUserId: number
  /** The text of a refused write's error code. */
  errorText: (code: string) => string
  onEdit: (user: UserListItem) => void
  onDelete: (user: UserListItem) => void
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

const cell = 'px-4 py-3 text-sm'

/** Users page table: name, email, profile, the pending marker of unconfirmed rows, edit and delete. */
export function UsersTable({ users, currentUserId, errorText, onEdit, onDelete, onRetry, onDiscard }: UsersTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full min-w-[640px] text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('users.fields.name')}</th>
            <th className={cell}>{t('users.fields.email')}</th>
            <th className={cell}>{t('users.fields.profile')}</th>
            <th className={`${cell} text-right`}>{t('users.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {users.map((u) => (
            <tr key={u.key} data-testid="user-row" data-pending={u.pending ? 'true' : 'false'} className={u.pending ? 'bg-amber-50/60 dark:bg-amber-950/20' : ''}>
              <td className={`${cell} font-medium`}>
                <span className="flex flex-wrap items-center gap-2">
                  <span>{u.name}</span>
                  {u.pending && u.clientId && (
                    <WriteStatus
                      error={u.error ? errorText(u.error) : null}
                      pendingLabel={t('sync.pending')}
                      retryLabel={t('sync.retry')}
                      discardLabel={t('sync.discard')}
                      onRetry={() => onRetry(u.clientId!)}
                      onDiscard={() => onDiscard(u.clientId!)}
                    />
                  )}
                </span>
              </td>
              <td className={`${cell} text-slate-600 dark:text-slate-300`}>{u.email}</td>
              <td className={cell}>
                {t(`users.profiles.${u.profile}`)}
                {u.super && <span className="ml-2 rounded bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand">{t('users.super')}</span>}
              </td>
              <td className={`${cell} whitespace-nowrap text-right`}>
                <button type="button" className={`${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`} aria-label={t('users.edit', { name: u.name })} title={t('common.edit')} disabled={u.id === null} onClick={() => onEdit(u)}>
                  <Icon name="edit" className="size-5" />
                </button>
                {u.id !== currentUserId && (
                  <button type="button" className={`${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`} aria-label={t('users.delete', { name: u.name })} title={t('common.delete')} disabled={u.id === null} onClick={() => onDelete(u)}>
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
