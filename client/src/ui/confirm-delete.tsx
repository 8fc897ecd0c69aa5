import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** "Delete this?" with the app's Delete / Cancel words and the red button. */
export function ConfirmDelete({ open, title, text, onCancel, onConfirm }: { open: boolean; title: string; text: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation()
  return <ConfirmDialog open={open} tone="danger" title={title} text={text} confirmLabel={t('common.delete')} cancelLabel={t('common.cancel')} closeLabel={t('common.close')} onCancel={onCancel} onConfirm={onConfirm} />
}
