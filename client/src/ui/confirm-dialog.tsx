import { Button } from './button.tsx'
import { Modal } from './modal.tsx'

interface ConfirmDialogProps {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  closeLabel: string
  /** danger: the confirm button is red (deletes, losing data). */
  tone?: 'brand' | 'danger'
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before something that cannot be undone; Escape and the backdrop cancel. */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, closeLabel, tone = 'brand', onConfirm, onCancel }: ConfirmDialogProps) {
  const footer = (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  )
  return (
    <Modal open={open} onClose={onCancel} title={title} closeLabel={closeLabel} footer={footer}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
    </Modal>
  )
}
