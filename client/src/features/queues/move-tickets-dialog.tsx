import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { SelectField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import type { QueueRow } from './queues.ts'

interface MoveTicketsDialogProps {
  /** The queue being deleted and how many live tickets it holds (the server's ERR_QUEUE_HAS_TICKETS). */
  deleting: { row: QueueRow; count: number } | null
  /** The other queues, one of which takes the tickets. */
  queues: QueueRow[]
  onCancel: () => void
  onConfirm: (moveTo: number) => Promise<void>
}

/**
 * A queue that still holds conversations is not deleted out from under them (they would lose their
 * queue and vanish for attendants without allTicket): the admin picks the queue that takes them.
 */
export function MoveTicketsDialog({ deleting, queues, onCancel, onConfirm }: MoveTicketsDialogProps) {
  const { t } = useTranslation()
  const [target, setTarget] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => setTarget(''), [deleting])
  const confirm = async () => {
    setBusy(true)
    await onConfirm(Number(target)).finally(() => setBusy(false))
  }
  return (
    <Modal
      open={deleting !== null}
      onClose={onCancel}
      title={t('queues.moveTitle', { name: deleting?.row.name ?? '' })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" data-testid="queue-move-confirm" disabled={!target || busy} onClick={() => void confirm()}>
            {t('queues.moveAndDelete')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm">{t('queues.moveText', { count: deleting?.count ?? 0 })}</p>
      {queues.length === 0 ? (
        <p className="text-sm text-red-600 dark:text-red-400">{t('queues.moveNoOther')}</p>
      ) : (
        <SelectField
          id="queue-move-to"
          label={t('queues.moveTo')}
          value={target}
          onChange={setTarget}
          placeholder={t('queues.moveChoose')}
          options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
        />
      )}
    </Modal>
  )
}
