import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { saveOnline, SaveRefused } from '../../lib/outbox-save.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { CampaignMediaField, CampaignMessageTabs, CampaignTargetFields, CampaignTicketFields } from './campaign-dialog-fields.tsx'
import { campaignFormValuesOf, campaignProblems, currentProblems, campaignRequestBody, isCampaignEditable, newCampaignValues, type CampaignFormValues } from './campaign-form.ts'
import { createCampaign, removeCampaignMedia, updateCampaign, uploadCampaignMedia, type Campaign } from './campaigns.ts'
import { useCampaignOptions } from './use-campaign-options.ts'

interface Props {
  open: boolean
  /** The stored campaign (edit), or null for a new one. */
  campaign: Campaign | null
  onClose: () => void
}

/** The fields this dialog shows a reason under; a refusal naming another one is also toasted. */
const SHOWN = new Set(['name', 'whatsappId', 'contactListId', 'tagListId', 'userId', 'queueId', 'scheduledAt', 'message1', 'confirmationMessage1'])

/**
 * The campaign dialog (spec part 2 §2, §3, §4, §5): name, connection, a contact list or a tag, the time,
 * confirmation, the ticket replies open, message and confirmation variants, and a file uploaded after the
 * save. Read-only, without save, when the campaign can no longer be edited (isCampaignEditable).
 */
export function CampaignDialog({ open, campaign, onClose }: Props) {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  // Stable per opening: a live update of the same campaign must not reset what is being typed.
  const start = useMemo(
    () => (campaign ? campaignFormValuesOf(campaign) : newCampaignValues()),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, campaign?.id],
  )
  const opening = useMemo(() => Date.now(), [open])
  const options = useCampaignOptions(open, opening)
  const editable = useMemo(() => isCampaignEditable(campaign), [campaign])

  const save = async (values: CampaignFormValues) => {
    const body = campaignRequestBody(values)
    // The file goes up while the campaign may still change: one due within the hour (or now) is saved
    // unscheduled first, gets its file, and only then its time, so it never starts without the file.
    const holdSchedule = (Boolean(file) || dropMedia) && body.scheduledAt !== null
    const send = (request: () => Promise<Campaign>) =>
      saveOnline(request).catch((err: unknown) => {
        if (err instanceof SaveRefused) toastUnshown(err)
        throw err
      })
    const first = holdSchedule ? { ...body, scheduledAt: null } : body
    const saved = await send(() => (campaign ? updateCampaign(campaign.id, first) : createCampaign(first)))
    if (!(await saveMedia(saved))) return
    if (holdSchedule) await send(() => updateCampaign(saved.id, body))
    pushToast('success', t('campaigns.saved'))
  }
  /** False when the file failed: the campaign is saved (unscheduled when its time was held) and the error shown. */
  const saveMedia = async (saved: Campaign): Promise<boolean> => {
    try {
      if (file) await uploadCampaignMedia(saved.id, file)
      else if (dropMedia && saved.mediaPath) await removeCampaignMedia(saved.id)
      return true
    } catch (err) {
      toastError(err)
      return false
    }
  }
  const close = () => {
    setFile(null)
    setDropMedia(false)
    onClose()
  }
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial: start, validate: campaignProblems, onSave: save, onClose: close })
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))
  const shown = currentProblems(problems, values)
  const err = (key: string) => (shown[key] ? t(shown[key]) : undefined)
  const title = !campaign ? t('campaigns.dialog.addTitle') : editable ? t('campaigns.dialog.editTitle') : t('campaigns.dialog.viewTitle')

  const footer = (
    <>
      <Button variant="secondary" onClick={close}>
        {editable ? t('common.cancel') : t('common.close')}
      </Button>
      {editable && (
        <Button type="submit" form="campaign-form" data-testid="campaign-save" disabled={busy || !online}>
          {campaign ? t('common.save') : t('campaigns.dialog.add')}
        </Button>
      )}
    </>
  )

  return (
    <Modal open={open} onClose={close} title={title} closeLabel={t('common.close')} size="lg" footer={footer}>
      <form id="campaign-form" data-testid="campaign-dialog" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {!online && <p className="text-sm text-amber-700 dark:text-amber-300">{t('campaigns.offline')}</p>}
        {!editable && (
          <p data-testid="campaign-read-only" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
            {t('campaigns.dialog.readOnly')}
          </p>
        )}
        <fieldset disabled={!editable} className={`flex min-w-0 flex-col gap-4 ${editable ? '' : '[&_input]:opacity-70 [&_select]:opacity-70'}`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="campaign-name" label={t('campaigns.fields.name')} value={values.name} onChange={(v) => set('name', v)} error={err('name')} autoComplete="off" />
            <SelectField
              id="campaign-whatsapp"
              label={t('campaigns.fields.whatsapp')}
              value={values.whatsappId ? String(values.whatsappId) : ''}
              onChange={(v) => set('whatsappId', v ? Number(v) : null)}
              options={options.connections.map((c) => ({ value: String(c.id), label: c.name }))}
              placeholder={t('campaigns.fields.choose')}
              error={err('whatsappId')}
            />
          </div>
          <CampaignTargetFields values={values} set={set} lists={options.contactLists} tags={options.tags} error={err('contactListId') ?? err('tagListId')} />
          <div className="grid items-end gap-4 sm:grid-cols-2">
            <TextField id="campaign-scheduled-at" type="datetime-local" label={t('campaigns.fields.scheduledAt')} value={values.scheduledAt} onChange={(v) => set('scheduledAt', v)} error={err('scheduledAt')} hint={t('campaigns.fields.scheduledAtHint')} />
            <SwitchField id="campaign-confirmation" label={t('campaigns.fields.confirmation')} checked={values.confirmation} onChange={(on) => set('confirmation', on)} />
          </div>
          <CampaignTicketFields values={values} set={set} users={options.users} queues={options.queues} problems={{ userId: err('userId'), queueId: err('queueId') }} />
        </fieldset>
        <CampaignMessageTabs prefix="message" values={values} set={set} readOnly={!editable} variables={options.variables} error={err('message1')} />
        {values.confirmation && (
          <CampaignMessageTabs prefix="confirmationMessage" values={values} set={set} readOnly={!editable} variables={options.variables} error={err('confirmationMessage1')} />
        )}
        <CampaignMediaField
          current={dropMedia ? null : (campaign?.mediaName ?? null)}
          file={file}
          disabled={!editable}
          onFile={setFile}
          onRemoveCurrent={() => setDropMedia(true)}
        />
      </form>
    </Modal>
  )
}

/** A refusal naming a field this dialog does not show: its reason goes to a toast too, never lost. */
function toastUnshown(err: SaveRefused) {
  const hidden = Object.entries(err.fields).filter(([field]) => !SHOWN.has(field))
  if (hidden.length) pushToast('error', hidden.map(([field, text]) => `${field}: ${text}`).join('; '))
}
