import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useTransferTargets } from './ticket-extras.ts'

interface TransferDialogProps {
  open: boolean
  currentQueueId: number | null
  onClose: () => void
  /** A queue is required; no user leaves the ticket waiting in that queue (spec part 1 §4 Transfer). */
  onTransfer: (queueId: number, userId: number | null) => void
}

/** The transfer-ticket dialog: a queue (required, 'Selecione uma fila') and optionally one of its users. */
export function TransferDialog({ open, currentQueueId, onClose, onTransfer }: TransferDialogProps) {
  const { t } = useTranslation()
  const { queues, users } = useTransferTargets()
  const [queueId, setQueueId] = useState<number | null>(currentQueueId)
  const [userId, setUserId] = useState<number | null>(null)
  const [tried, setTried] = useState(false)
  useEffect(() => {
    if (open) {
      setQueueId(currentQueueId)
      setUserId(null)
      setTried(false)
    }
  }, [open, currentQueueId])
  const queueUsers = queueId === null ? [] : users.filter((u) => u.queueIds.includes(queueId))
  const select = 'w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 dark:border-slate-700'

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('tickets.transferTitle')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            data-testid="transfer-confirm"
            onClick={() => {
              setTried(true)
              if (queueId !== null) onTransfer(queueId, userId)
            }}
          >
            {t('tickets.transfer')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('tickets.transferQueue')}
          <select
            data-testid="transfer-queue"
            className={select}
            value={queueId ?? ''}
            onChange={(e) => {
              setQueueId(e.target.value ? Number(e.target.value) : null)
              setUserId(null)
            }}
          >
            <option value="">—</option>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </select>
          {tried && queueId === null && <span className="text-xs text-red-600">{t('tickets.selectQueue')}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('tickets.transferUser')}
          <select data-testid="transfer-user" className={select} value={userId ?? ''} onChange={(e) => setUserId(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('tickets.transferNoUser')}</option>
            {queueUsers.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </label>
      </div>
    </Modal>
  )
}
