import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { fileListFormProblems, newOption, type FileListFormValues, type FileOptionValues } from './file-list-form.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: FileListFormValues
  onClose: () => void
  onSave: (values: FileListFormValues) => Promise<void>
}

/** Spec part 2 §3 "File list": at most this many files in a list (the server's limit too). */
const MAX_FILES = 20

/** One file row: its name, the attach button (the picked or stored file named beside it) and remove. */
function FileRow({ option, index, onChange, onRemove }: { option: FileOptionValues; index: number; onChange: (o: FileOptionValues) => void; onRemove: () => void }) {
  const { t } = useTranslation()
  const inputId = `file-option-${option.key}-file`
  const current = option.file?.name ?? (option.path ? t('fileLists.fields.stored') : t('fileLists.fields.noFile'))
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-end dark:border-slate-700" data-testid="file-option">
      <div className="min-w-0 flex-1">
        <TextField id={`file-option-${option.key}-name`} label={t('fileLists.fields.optionName', { n: index + 1 })} value={option.name} onChange={(name) => onChange({ ...option, name })} autoComplete="off" />
      </div>
      <div className="flex min-w-0 items-center gap-2 sm:w-64">
        <label htmlFor={inputId} className="inline-flex shrink-0 cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand dark:border-slate-600 dark:hover:bg-slate-800">
          <Icon name="upload" className="size-4" />
          {t('fileLists.fields.attach')}
          <input id={inputId} type="file" className="sr-only" onChange={(e) => onChange({ ...option, file: e.target.files?.[0] ?? null })} />
        </label>
        <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400" title={current} data-testid="file-option-current">{current}</span>
        <IconButton icon="delete" label={t('fileLists.fields.removeOption', { n: index + 1 })} onClick={onRemove} />
      </div>
    </li>
  )
}

/** 'Adicionar lista de arquivos' / 'Editar lista de arquivos' (spec part 2 §2 "File lists"). */
export function FileListDialog({ open, mode, initial, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: fileListFormProblems, onSave, onClose })
  const err = (k: 'name' | 'message') => (problems[k] ? t(problems[k] as string) : undefined)
  const setOptions = (update: (o: FileOptionValues[]) => FileOptionValues[]) => setValues((prev) => ({ ...prev, options: update(prev.options) }))
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('fileLists.dialog.cancel')}</Button>
      <Button type="submit" form="file-list-form" disabled={busy} data-testid="file-list-save">{t('fileLists.dialog.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'fileLists.dialog.addTitle' : 'fileLists.dialog.editTitle')} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="file-list-form" noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="file-list-dialog">
        <TextField id="file-list-name" label={t('fileLists.fields.name')} value={values.name} onChange={(name) => setValues((p) => ({ ...p, name }))} error={err('name')} autoComplete="off" />
        <TextArea id="file-list-message" label={t('fileLists.fields.message')} value={values.message} onChange={(message) => setValues((p) => ({ ...p, message }))} error={err('message')} />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('fileLists.fields.options')}</span>
          <ul className="flex flex-col gap-2">
            {values.options.map((o, i) => (
              <FileRow key={o.key} option={o} index={i} onChange={(next) => setOptions((all) => all.map((x) => (x.key === o.key ? next : x)))} onRemove={() => setOptions((all) => all.filter((x) => x.key !== o.key))} />
            ))}
          </ul>
          <div>
            <Button variant="secondary" onClick={() => setOptions((all) => [...all, newOption()])} disabled={values.options.length >= MAX_FILES} data-testid="file-option-add">
              <Icon name="add" className="size-5" />
              {t('fileLists.fields.addOption')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  )
}
