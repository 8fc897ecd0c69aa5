import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import {
  announcementFormProblems, ATTACHMENT_ACCEPT, attachmentProblem, FILE_TYPE_PROBLEM, PRIORITIES, PRIORITY_KEYS,
  type AnnouncementFormValues, type Priority,
} from './announcements-admin.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: AnnouncementFormValues
  onClose: () => void
  onSave: (values: AnnouncementFormValues) => Promise<void>
}

/**
 * The announcement form (spec part 2 §5 Announcement): title and text required, priority (default Baixa),
 * status, and a png/jpg/jpeg attachment refused here at once when it is anything else. A refused save keeps
 * the dialog open with the server's reason under its field.
 */
export function AnnouncementFormDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: announcementFormProblems, onSave, onClose })
  const err = (p?: string | null) => (p ? t(p) : undefined)
  const set = <K extends keyof AnnouncementFormValues>(k: K) => (v: AnnouncementFormValues[K]) => setValues((s) => ({ ...s, [k]: v }))
  const current = values.mediaName && !values.removeMedia ? values.mediaName : null
  // The type check follows the chosen file at once (a better file clears it); a server refusal stays until the file changes.
  const localFileProblem = attachmentProblem(values.file)
  const fileProblem = problems.file && problems.file !== FILE_TYPE_PROBLEM ? problems.file : localFileProblem
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="announcement-form" disabled={busy}>{t('common.save')}</Button>
    </>
  )
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={mode === 'create' ? t('announcementsPage.addTitle') : t('announcementsPage.editTitle')}
      closeLabel={t('common.close')}
      footer={footer}
    >
      <form id="announcement-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField id="announcement-title" label={t('announcementsPage.fields.title')} value={values.title} onChange={set('title')} error={err(problems.title)} autoComplete="off" />
        </div>
        <div className="sm:col-span-2">
          <TextArea id="announcement-text" label={t('announcementsPage.fields.text')} value={values.text} onChange={set('text')} error={err(problems.text)} />
        </div>
        <SelectField
          id="announcement-priority"
          label={t('announcementsPage.fields.priority')}
          value={String(values.priority)}
          options={PRIORITIES.map((p) => ({ value: String(p), label: t(`announcementsPage.priority.${PRIORITY_KEYS[p]}`) }))}
          onChange={(v) => set('priority')(Number(v) as Priority)}
          error={err(problems.priority)}
        />
        <div className="self-end">
          <SwitchField id="announcement-status" label={t('announcementsPage.fields.status')} checked={values.status} onChange={set('status')} />
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2" data-testid="announcement-attachment">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <FileInput
                id="announcement-file"
                label={t('announcementsPage.fields.attachment')}
                accept={ATTACHMENT_ACCEPT}
                file={values.file}
                onChange={set('file')}
                error={err(fileProblem)}
              />
            </div>
            {values.file && <IconButton icon="close" className="mt-5 shrink-0" label={t('announcementsPage.clearFile')} onClick={() => set('file')(null)} />}
          </div>
          {current && (
            <div className="flex min-w-0 items-center gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700" data-testid="announcement-current-media">
              <span className="min-w-0 flex-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
                {values.file ? t('announcementsPage.replacesAttachment', { name: current }) : t('announcementsPage.currentAttachment', { name: current })}
              </span>
              {!values.file && (
                <IconButton icon="delete" label={t('announcementsPage.removeAttachment')} onClick={() => set('removeMedia')(true)} />
              )}
            </div>
          )}
          {values.mediaName && values.removeMedia && !values.file && (
            <div className="flex min-w-0 items-center gap-2 text-sm text-slate-600 dark:text-slate-300" data-testid="announcement-media-removed">
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{t('announcementsPage.attachmentWillBeRemoved', { name: values.mediaName })}</span>
              <Button variant="text" className="px-2 py-1" onClick={() => set('removeMedia')(false)}>{t('announcementsPage.undo')}</Button>
            </div>
          )}
          {!fileProblem && <p className="text-xs text-slate-500 dark:text-slate-400">{t('announcementsPage.attachmentHint')}</p>}
        </div>
      </form>
    </Modal>
  )
}
