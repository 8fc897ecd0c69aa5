import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui/modal.tsx'
import { errorMessage } from '../../lib/errors.ts'
import { loadTicketLog, type TicketLogEntry } from './ticket-dialogs.ts'
import i18n from '../../i18n/index.ts'

/** The ticket log dialog (spec part 1 §2, §3 log entry types); logs are not synced, so it asks the server. */
export function TicketLogDialog({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [entries, setEntries] = useState<TicketLogEntry[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    if (ticketId === null) return
    let stale = false
    setEntries(null)
    setFailure(null)
    loadTicketLog(ticketId).then(
      (rows) => !stale && setEntries(rows),
      (err: unknown) => !stale && setFailure(errorMessage(err)),
    )
    return () => {
      stale = true
    }
  }, [ticketId])
  return (
    <Modal open={ticketId !== null} onClose={onClose} title={t('tickets.log.title')} closeLabel={t('common.close')}>
      {failure && <p className="text-sm text-red-600">{failure}</p>}
      {!failure && !entries && <p className="text-sm">{t('common.loading')}</p>}
      <ol className="flex flex-col gap-2">
        {entries?.map((e) => (
          <li key={e.id} data-testid="ticket-log-entry" className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
            <p className="font-semibold">{i18n.exists(`tickets.log.types.${e.type}`) ? t(`tickets.log.types.${e.type}`) : e.type}</p>
            <p className="text-xs text-slate-500">
              {new Date(e.createdAt).toLocaleString(i18n.language)}
              {e.user ? ` · ${e.user.name}` : ''}
              {e.queue ? ` · ${e.queue.name}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </Modal>
  )
}
