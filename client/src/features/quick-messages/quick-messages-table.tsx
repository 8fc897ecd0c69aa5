import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { WriteStatus } from '../../ui/write-status.tsx'
import type { QuickMessageItem } from './quick-messages.ts'

interface QuickMessagesTableProps {
  messages: QuickMessageItem[]
  /** Whether this user may change the message (admins any; others their own, not general ones). */
  canEdit: (m: QuickMessageItem) => boolean
  /** The text of a refused write's error code. */
  errorText: (code: string) => string
  /** Opens the dialog: editable, or read-only for a message the user may not change. */
  onOpen: (m: QuickMessageItem, readOnly: boolean) => void
  onDelete: (m: QuickMessageItem) => void
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

const cell = 'px-4 py-3 text-sm'
const iconButton = `${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`

/** Quick messages table (spec part 2 §2): shortcode, message, general (green tick) or personal, attachment, actions. */
export function QuickMessagesTable({ messages, canEdit, errorText, onOpen, onDelete, onRetry, onDiscard }: QuickMessagesTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full min-w-[720px] text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('quickMessages.fields.shortcode')}</th>
            <th className={cell}>{t('quickMessages.fields.message')}</th>
            <th className={cell}>{t('quickMessages.fields.status')}</th>
            <th className={cell}>{t('quickMessages.fields.attachment')}</th>
            <th className={`${cell} text-right`}>{t('quickMessages.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {messages.map((m) => {
            const editable = canEdit(m)
            return (
              <tr key={m.key} data-testid="quick-message-row" data-pending={m.pending ? 'true' : 'false'} className={m.pending ? 'bg-amber-50/60 dark:bg-amber-950/20' : ''}>
                <td className={`${cell} font-medium`}>
                  <span className="flex flex-wrap items-center gap-2">
                    <span>/{m.shortcode}</span>
                    {m.pending && m.clientId && (
                      <WriteStatus
                        error={m.error ? errorText(m.error) : null}
                        pendingLabel={t('sync.pending')}
                        retryLabel={t('sync.retry')}
                        discardLabel={t('sync.discard')}
                        onRetry={() => onRetry(m.clientId!)}
                        onDiscard={() => onDiscard(m.clientId!)}
                      />
                    )}
                  </span>
                </td>
                <td className={`${cell} max-w-md truncate text-slate-600 dark:text-slate-300`} title={m.message}>{m.message}</td>
                <td className={cell} data-testid="quick-message-kind">
                  {m.geral ? (
                    <span className="inline-flex items-center gap-1 font-medium text-green-700 dark:text-green-400">
                      <Icon name="check" className="size-4" />
                      {t('quickMessages.general')}
                    </span>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-300">{t('quickMessages.personal')}</span>
                  )}
                </td>
                <td className={`${cell} max-w-[12rem] truncate text-slate-600 dark:text-slate-300`}>{m.mediaName ?? '—'}</td>
                <td className={`${cell} whitespace-nowrap text-right`}>
                  {editable ? (
                    <>
                      <button type="button" className={iconButton} aria-label={t('quickMessages.edit', { shortcode: m.shortcode })} title={t('common.edit')} disabled={m.id === null} onClick={() => onOpen(m, false)}>
                        <Icon name="edit" className="size-5" />
                      </button>
                      <button type="button" className={iconButton} aria-label={t('quickMessages.delete', { shortcode: m.shortcode })} title={t('common.delete')} disabled={m.id === null} onClick={() => onDelete(m)}>
                        <Icon name="delete" className="size-5" />
                      </button>
                    </>
                  ) : (
                    <button type="button" className={iconButton} aria-label={t('quickMessages.view', { shortcode: m.shortcode })} title={t('quickMessages.readOnly')} onClick={() => onOpen(m, true)}>
                      <Icon name="lock" className="size-5" />
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
