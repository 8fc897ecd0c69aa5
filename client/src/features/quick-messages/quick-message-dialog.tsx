import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { quickMessageFormProblems, type QuickMessageFormValues } from './quick-message-form.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'

interface QuickMessageDialogProps {
  open: boolean
  /** view: a message this user may not change (fields disabled, spec part 2 §5). */
  mode: 'create' | 'edit' | 'view'
  initial: QuickMessageFormValues
  /** The current attachment's name, if any. */
  mediaName: string | null
  /** Admins may make a message general (the company's). */
  canSetGeneral: boolean
  /** Attachments go straight to the API: without a connection they cannot be changed. */
  online: boolean
  onClose: () => void
  /** Queues the save; resolves when queued (the dialog then closes), rejects to stay open. */
  onSave: (values: QuickMessageFormValues) => Promise<void>
}

const TITLES = { create: 'quickMessages.dialog.addTitle', edit: 'quickMessages.dialog.editTitle', view: 'quickMessages.dialog.viewTitle' }

/** The quick message dialog (spec part 2 §2, §5): shortcode, message, general/shared switches and an attachment. */
export function QuickMessageDialog({ open, mode, initial, mediaName, canSetGeneral, online, onClose, onSave }: QuickMessageDialogProps) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: quickMessageFormProblems, onSave, onClose })
  const readOnly = mode === 'view'
  const set = <K extends keyof QuickMessageFormValues>(key: K) => (v: QuickMessageFormValues[K]) => setValues((prev) => ({ ...prev, [key]: v }))
  const err = (p?: string) => (p ? t(p) : undefined)

  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {readOnly ? t('common.close') : t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button type="submit" form="quick-message-form" disabled={busy}>
          {mode === 'create' ? t('quickMessages.dialog.add') : t('common.save')}
        </Button>
      )}
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={t(TITLES[mode])} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="quick-message-form" noValidate onSubmit={submit}>
        <fieldset disabled={readOnly} className="flex flex-col gap-4">
          {readOnly && <p className="text-sm text-slate-500 dark:text-slate-400">{t('quickMessages.readOnly')}</p>}
          <TextField id="quick-message-shortcode" label={t('quickMessages.fields.shortcode')} value={values.shortcode} onChange={set('shortcode')} error={err(problems.shortcode)} autoComplete="off" hint={t('quickMessages.dialog.shortcodeHint')} />
          <TextArea id="quick-message-message" label={t('quickMessages.fields.message')} value={values.message} onChange={set('message')} error={err(problems.message)} />
          {canSetGeneral && <SwitchField id="quick-message-geral" label={t('quickMessages.fields.geral')} checked={values.geral} disabled={readOnly} onChange={set('geral')} />}
          {!values.geral && <SwitchField id="quick-message-visao" label={t('quickMessages.fields.visao')} checked={values.visao} disabled={readOnly} onChange={set('visao')} />}
          {!readOnly && <AttachmentField values={values} mediaName={mediaName} online={online} onFile={set('file')} onRemove={set('removeMedia')} />}
        </fieldset>
      </form>
    </Modal>
  )
}

interface AttachmentFieldProps {
  values: QuickMessageFormValues
  mediaName: string | null
  online: boolean
  onFile: (file: File | null) => void
  onRemove: (remove: boolean) => void
}

/** The attachment: the current or chosen file, choose and remove; offline it says why it cannot change. */
function AttachmentField({ values, mediaName, online, onFile, onRemove }: AttachmentFieldProps) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const shown = values.file?.name ?? (values.removeMedia ? null : mediaName)

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('quickMessages.fields.attachment')}</span>
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="quick-message-attachment" className="min-w-0 flex-1 truncate text-sm text-slate-600 dark:text-slate-300">
          {shown ?? t('quickMessages.noAttachment')}
        </span>
        <input ref={input} type="file" className="hidden" data-testid="quick-message-file" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
        <Button variant="secondary" disabled={!online} onClick={() => input.current?.click()}>
          <Icon name="upload" className="size-5" />
          {t('quickMessages.attach')}
        </Button>
        {shown && (
          <Button
            variant="text"
            disabled={!online}
            onClick={() => {
              onFile(null)
              if (input.current) input.current.value = ''
              onRemove(mediaName !== null)
            }}
          >
            <Icon name="delete" className="size-5" />
            {t('quickMessages.removeAttachment')}
          </Button>
        )}
      </div>
      {!online && (
        <p data-testid="quick-message-attachment-offline" className="text-xs text-amber-700 dark:text-amber-400">
          {t('quickMessages.attachmentOffline')}
        </p>
      )}
    </div>
  )
}
