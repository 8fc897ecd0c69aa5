import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { flowNameProblem } from './block-rules.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: { name: string }
  onClose: () => void
  onSave: (values: { name: string }) => Promise<void>
}

const validate = (v: { name: string }) => {
  const p = flowNameProblem(v.name)
  return p ? { name: p } : {}
}

/** The flow's name (spec part 2 §5 "Flow": 2-50, 'Muito curto!', 'Muito longo!', 'Digite um nome!'). */
export function FlowNameDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate, onSave, onClose })
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="flow-name-form" disabled={busy} data-testid="flow-name-save">{mode === 'create' ? t('flows.dialog.add') : t('common.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'flows.dialog.addTitle' : 'flows.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="flow-name-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="flow-name" label={t('flows.dialog.name')} value={values.name} onChange={(name) => setValues({ name })} error={problems.name ? t(problems.name) : undefined} autoComplete="off" />
      </form>
    </Modal>
  )
}
