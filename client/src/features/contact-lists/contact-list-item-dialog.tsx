import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { itemFormProblems, type ContactListItemFormValues, type ItemField } from './contact-list-form.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: ContactListItemFormValues
  onClose: () => void
  onSave: (values: ContactListItemFormValues) => Promise<void>
}

/** The contact list item dialog (spec part 2 §5 "Contact list item"): name, number and email, with the server's reasons under them. */
export function ContactListItemDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: itemFormProblems, onSave, onClose })
  const field = (k: ItemField, extra: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <TextField
      id={`contact-list-item-${k}`}
      label={t(`contactLists.items.dialog.${k}`)}
      value={values[k]}
      onChange={(v) => setValues((s) => ({ ...s, [k]: v }))}
      error={problems[k] ? t(problems[k]) : undefined}
      autoComplete={extra.autoComplete ?? 'off'}
      type={extra.type}
      hint={extra.hint}
    />
  )
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="contact-list-item-form" disabled={busy}>{mode === 'create' ? t('contactLists.items.dialog.add') : t('common.save')}</Button>
    </>
  )
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(mode === 'create' ? 'contactLists.items.dialog.addTitle' : 'contactLists.items.dialog.editTitle')}
      closeLabel={t('common.close')}
      footer={footer}
    >
      <form id="contact-list-item-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {field('name')}
        {field('number', { type: 'tel', hint: t('contactLists.items.dialog.numberHint') })}
        {field('email', { type: 'email' })}
      </form>
    </Modal>
  )
}
