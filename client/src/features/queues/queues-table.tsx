import { useTranslation } from 'react-i18next'
import type { QueueRow } from './queues.ts'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface QueuesTableProps {
  queues: QueueRow[]
  /** Edits and deletes go to the server: off while offline. */
  canWrite: boolean
  onEdit: (queue: QueueRow) => void
  onDelete: (queue: QueueRow) => void
}

const cell = 'px-4 py-3 text-sm'
const iconButton = `${plainIconButtonClass} disabled:cursor-not-allowed disabled:opacity-40`

/** Queues page table (spec part 2 §2): colour, name, greeting preview, order, edit and delete. */
export function QueuesTable({ queues, canWrite, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <table className="w-full min-w-[640px] text-left">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th className={cell}>{t('queues.fields.name')}</th>
            <th className={cell}>{t('queues.fields.color')}</th>
            <th className={cell}>{t('queues.fields.greetingMessage')}</th>
            <th className={`${cell} text-center`}>{t('queues.fields.orderQueue')}</th>
            <th className={`${cell} text-right`}>{t('queues.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {queues.map((q) => (
            <tr key={q.id} data-testid="queue-row" data-color={q.color}>
              <td className={`${cell} font-medium`}>{q.name}</td>
              <td className={cell}>
                <span className="flex items-center gap-2">
                  <span data-testid="queue-color" className="size-5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: q.color }} aria-hidden="true" />
                  <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{q.color}</span>
                </span>
              </td>
              <td className={`${cell} max-w-xs truncate text-slate-600 dark:text-slate-300`} title={q.greetingMessage}>{q.greetingMessage || '—'}</td>
              <td className={`${cell} text-center`}>{q.orderQueue ?? '—'}</td>
              <td className={`${cell} whitespace-nowrap text-right`}>
                <button type="button" className={iconButton} aria-label={t('queues.edit', { name: q.name })} title={t('common.edit')} disabled={!canWrite} onClick={() => onEdit(q)}>
                  <Icon name="edit" className="size-5" />
                </button>
                <button type="button" className={iconButton} aria-label={t('queues.delete', { name: q.name })} title={t('common.delete')} disabled={!canWrite} onClick={() => onDelete(q)}>
                  <Icon name="delete" className="size-5" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
