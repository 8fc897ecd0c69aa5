import { useTranslation } from 'react-i18next'
import { youtubeThumbnail } from '../../lib/format.ts'
import { useOnlineList } from '../../lib/use-online-list.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'
import { createHelp, deleteHelp, fetchHelps, helpFormProblems, helpValuesOf, newHelpValues, updateHelp, videoCode, type Help, type HelpFormValues } from './helps-admin.ts'

function HelpDialog({ open, mode, initial, onClose, onSave }: { open: boolean; mode: 'create' | 'edit'; initial: HelpFormValues; onClose: () => void; onSave: (v: HelpFormValues) => Promise<void> }) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: helpFormProblems, onSave, onClose })
  const err = (p?: string) => (p ? t(p) : undefined)
  const set = (k: keyof HelpFormValues) => (v: string) => setValues((s) => ({ ...s, [k]: v }))
  const code = videoCode(values.video)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="help-form" disabled={busy}>{t('common.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'settings.helps.addTitle' : 'settings.helps.editTitle')} closeLabel={t('common.close')} footer={footer}>
      <form id="help-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField id="help-title" label={t('settings.helps.fields.title')} value={values.title} onChange={set('title')} error={err(problems.title)} autoComplete="off" />
        <TextArea id="help-description" label={t('settings.helps.fields.description')} value={values.description} onChange={set('description')} error={err(problems.description)} />
        <TextField id="help-video" label={t('settings.helps.fields.video')} hint={t('settings.helps.videoHint')} value={values.video} onChange={set('video')} error={err(problems.video)} autoComplete="off" />
        {code && !problems.video && <img src={youtubeThumbnail(code)} alt="" className="aspect-video w-48 rounded-md bg-slate-100 object-cover dark:bg-slate-800" />}
      </form>
    </Modal>
  )
}

/** The super user's help videos tab (spec part 2 §2 settings tabs, §3 Help entry): the /helps page shows them. */
export function SettingsHelps() {
  const { t } = useTranslation()
  const list = useOnlineList<Help, HelpFormValues>({
    key: 'helps', load: fetchHelps, create: createHelp, update: updateHelp, remove: deleteHelp,
    savedText: t('settings.helps.saved'), deletedText: t('settings.helps.deleted'),
  })
  const status = list.error ? t('common.listFailed') : list.loading && !list.data ? t('common.loading') : list.rows.length === 0 ? t('settings.helps.empty') : null
  return (
    <div className="flex flex-col gap-3" data-testid="settings-helps">
      <div className="flex justify-end">
        <Button onClick={() => list.startCreate(newHelpValues())}>
          <Icon name="add" className="size-5" />
          {t('settings.helps.add')}
        </Button>
      </div>
      {status ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{status}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {list.rows.map((h) => (
            <li key={h.id} className="flex items-start gap-3 p-3" data-testid="help-row">
              {h.video ? <img src={youtubeThumbnail(h.video)} alt="" className="hidden aspect-video w-28 shrink-0 rounded bg-slate-100 object-cover sm:block dark:bg-slate-800" /> : null}
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{h.title}</p>
                <p className="line-clamp-2 break-words text-sm text-slate-500 dark:text-slate-400">{h.description}</p>
              </div>
              <span className="inline-flex shrink-0 gap-1">
                <IconButton icon="edit" label={t('common.edit')} onClick={() => list.startEdit(h.id, helpValuesOf(h))} />
                <IconButton icon="delete" label={t('common.delete')} onClick={() => list.askDelete(h)} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <HelpDialog open={list.editing !== null} mode={list.editing?.id ? 'edit' : 'create'} initial={list.editing?.initial ?? BLANK} onClose={list.closeEditor} onSave={list.save} />
      <ConfirmDelete open={list.deleting !== null} title={t('settings.helps.deleteTitle')} text={t('settings.helps.deleteText', { title: list.deleting?.title ?? '' })} onCancel={list.cancelDelete} onConfirm={list.confirmDelete} />
    </div>
  )
}

const BLANK = newHelpValues()
