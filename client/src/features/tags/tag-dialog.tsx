import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { tagFormProblems, type TagFormValues } from './tag-form.ts'

interface TagDialogProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: TagFormValues
  onClose: () => void
  onSave: (values: TagFormValues) => Promise<void>
}

/** The tag dialog (spec part 2 §2 Tags): name, colour, and whether it is a kanban lane. */
export function TagDialog({ open, mode, initial, onClose, onSave }: TagDialogProps) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: tagFormProblems, onSave, onClose })
  const err = (p?: string) => (p ? t(p) : undefined)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form="tag-form" disabled={busy}>
        {mode === 'create' ? t('tags.dialog.add') : t('common.save')}
      </Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={mode === 'create' ? t('tags.dialog.addTitle') : t('tags.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="tag-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="tag-name" label={t('tags.fields.name')} value={values.name} onChange={(name) => setValues((v) => ({ ...v, name }))} error={err(problems.name)} autoComplete="off" />
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField id="tag-color" label={t('tags.fields.color')} value={values.color} onChange={(color) => setValues((v) => ({ ...v, color }))} error={err(problems.color)} autoComplete="off" />
          </div>
          <input
            type="color"
            aria-label={t('tags.fields.color')}
            className="mb-0.5 h-9 w-12 cursor-pointer rounded border border-slate-300 bg-transparent dark:border-slate-600"
            value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : '#2563eb'}
            onChange={(e) => setValues((v) => ({ ...v, color: e.target.value }))}
          />
        </div>
        <SwitchField id="tag-kanban" label={t('tags.fields.kanban')} checked={values.kanban} onChange={(kanban) => setValues((v) => ({ ...v, kanban }))} />
      </form>
    </Modal>
  )
}
