import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { contactListFormProblems, type ContactListFormValues } from './contact-list-form.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: ContactListFormValues
  onClose: () => void
  onSave: (values: ContactListFormValues) => Promise<void>
}

/** The contact list dialog (spec part 2 §5 "Contact list"): its name. */
export function ContactListDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: contactListFormProblems, onSave, onClose })
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="contact-list-form" disabled={busy}>{mode === 'create' ? t('contactLists.dialog.add') : t('common.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'contactLists.dialog.addTitle' : 'contactLists.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="contact-list-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id="contact-list-name"
          label={t('contactLists.dialog.name')}
          value={values.name}
          onChange={(name) => setValues({ name })}
          error={problems.name ? t(problems.name) : undefined}
          autoComplete="off"
        />
      </form>
    </Modal>
  )
}
