import { useTranslation } from 'react-i18next'
import { contactFormProblems, type ContactFormValues } from './contact-form.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { TagPicker, useTagChoices } from '../tags/index.ts'

interface ContactDialogProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: ContactFormValues
  onClose: () => void
  /** Queues the save; resolves when queued (the dialog then closes), rejects to stay open. */
  onSave: (values: ContactFormValues) => Promise<void>
}

/** The contact dialog (spec part 1 §2 Dialogs, §5 Contact form): name, number, an optional email and the tags. */
export function ContactDialog({ open, mode, initial, onClose, onSave }: ContactDialogProps) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: contactFormProblems, onSave, onClose })
  const set = (key: keyof ContactFormValues) => (v: string) => setValues((prev) => ({ ...prev, [key]: v }))
  const err = (p?: string) => (p ? t(p) : undefined)
  const tags = useTagChoices()
  const chosen = values.tagIds
  const setTags = (next: number[]) => setValues((prev) => ({ ...prev, tagIds: next }))
  // The server names `tags` when a chosen tag was deleted meanwhile.
  const tagsProblem = (problems as Record<string, string | undefined>).tags

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form="contact-form" disabled={busy}>
        {mode === 'create' ? t('contacts.dialog.add') : t('common.save')}
      </Button>
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={mode === 'create' ? t('contacts.dialog.addTitle') : t('contacts.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="contact-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="contact-name" label={t('contacts.fields.name')} value={values.name} onChange={set('name')} error={err(problems.name)} autoComplete="off" />
        <TextField
          id="contact-number"
          label={t('contacts.fields.number')}
          type="tel"
          value={values.number}
          onChange={set('number')}
          error={err(problems.number)}
          autoComplete="off"
          placeholder="5511987654321"
          hint={t('contacts.dialog.numberHint')}
        />
        <TextField id="contact-email" label={t('contacts.fields.email')} type="email" value={values.email} onChange={set('email')} error={err(problems.email)} autoComplete="off" />
        {chosen && (
          <div className="flex flex-col gap-1" data-testid="contact-tags">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('contacts.fields.tags')}</span>
            <TagPicker
              tags={tags}
              selected={chosen}
              emptyText={t('contacts.dialog.noTags')}
              onToggle={(g, on) => setTags(on ? [...chosen, g.id] : chosen.filter((id) => id !== g.id))}
              onCreated={(tag) => setTags([...chosen, tag.id])}
            />
            {tagsProblem && <p className="text-xs text-red-600 dark:text-red-400">{err(tagsProblem)}</p>}
          </div>
        )}
      </form>
    </Modal>
  )
}
