import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { AUTO_REPLY_CONDITIONS, autoReplyFormProblems, type AutoReplyCondition, type AutoReplyFormValues } from './auto-replies.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: AutoReplyFormValues
  onClose: () => void
  onSave: (values: AutoReplyFormValues) => Promise<void>
}

/** The auto reply dialog: keyword, condition, response and an optional file (spec part 2 §3 "Auto reply"). */
export function AutoReplyDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: autoReplyFormProblems, onSave, onClose })
  const err = (k: 'keyword' | 'response') => (problems[k] ? t(problems[k] as string) : undefined)
  const conditions = AUTO_REPLY_CONDITIONS.map((c) => ({ value: c, label: t(`autoReplies.conditions.${c}`) }))
  const attached = values.file?.name ?? (values.removeMedia ? null : values.mediaName)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('autoReplies.dialog.cancel')}</Button>
      <Button type="submit" form="auto-reply-form" disabled={busy} data-testid="auto-reply-save">{t('autoReplies.dialog.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'autoReplies.dialog.addTitle' : 'autoReplies.dialog.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="auto-reply-form" noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="auto-reply-dialog">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="auto-reply-keyword" label={t('autoReplies.fields.keyword')} value={values.keyword} onChange={(keyword) => setValues((p) => ({ ...p, keyword }))} error={err('keyword')} autoComplete="off" />
          <SelectField id="auto-reply-condition" label={t('autoReplies.fields.condition')} value={values.condition} onChange={(c) => setValues((p) => ({ ...p, condition: c as AutoReplyCondition }))} options={conditions} />
        </div>
        <TextArea id="auto-reply-response" label={t('autoReplies.fields.response')} value={values.response} onChange={(response) => setValues((p) => ({ ...p, response }))} error={err('response')} />
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor="auto-reply-file" className="inline-flex shrink-0 cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand dark:border-slate-600 dark:hover:bg-slate-800">
            <Icon name="upload" className="size-4" />
            {t('autoReplies.fields.attach')}
            <input id="auto-reply-file" type="file" className="sr-only" onChange={(e) => setValues((p) => ({ ...p, file: e.target.files?.[0] ?? null }))} />
          </label>
          <span className="min-w-0 truncate text-sm text-slate-600 dark:text-slate-300" data-testid="auto-reply-file-name">{attached ?? t('autoReplies.fields.noFile')}</span>
          {attached && <IconButton icon="delete" label={t('autoReplies.fields.removeFile')} onClick={() => setValues((p) => ({ ...p, file: null, removeMedia: true }))} />}
        </div>
      </form>
    </Modal>
  )
}
