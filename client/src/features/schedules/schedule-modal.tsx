import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import {
  createSchedule, isScheduleSent, newScheduleValues, removeScheduleMedia, scheduleFormValuesOf, scheduleProblems, scheduleRequestBody,
  updateSchedule, uploadScheduleMedia, type Schedule, type ScheduleFormValues,
} from './schedules.ts'
import i18n from '../../i18n/index.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { ScheduleContactField, ScheduleMediaField, ScheduleRepeatFields, ScheduleTicketFields } from './schedule-modal-fields.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

/** What the modal opens on: a stored schedule (edit), or a new one, optionally for a contact. */
export type ScheduleModalInitial = Schedule | { contactId: number | null }

interface ScheduleModalProps {
  open: boolean
  initial?: ScheduleModalInitial
  onClose: () => void
  onSaved: (schedule: Schedule) => void
  /** Offers delete for a stored schedule (sent ones too). */
  onDelete?: (schedule: Schedule) => void
}

const storedOf = (initial?: ScheduleModalInitial): Schedule | null => (initial && 'id' in initial ? initial : null)

/**
 * The schedule modal (spec part 1 §2, §3 "Schedule", §4, §5, §9): contact, message, send time, connection,
 * the ticket to open, recurrence, signature and an image. Saves online through the API, then uploads or
 * removes the image. A sent schedule is shown read-only without the submit; one that failed shows why.
 */
export function ScheduleModal({ open, initial, onClose, onSaved, onDelete }: ScheduleModalProps) {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const stored = storedOf(initial)
  const contactId = initial && !('id' in initial) ? initial.contactId : null
  const sent = isScheduleSent(stored)
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  // Stable per opening: a new object from the parent on every render must not reset the form.
  const start = useMemo(
    () => (stored ? scheduleFormValuesOf(stored) : newScheduleValues(new Date(), contactId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open, stored?.id, stored?.sendAt, stored?.sentAt, contactId],
  )

  const save = async (values: ScheduleFormValues) => {
    try {
      const body = scheduleRequestBody(values)
      let saved = stored ? await updateSchedule(stored.id, body) : await createSchedule(body)
      saved = await saveMedia(saved)
      pushToast('success', t('schedules.saved'))
      onSaved(saved)
    } catch (err) {
      toastError(err)
      throw err
    }
  }
  const saveMedia = async (saved: Schedule): Promise<Schedule> => {
    try {
      if (file) return await uploadScheduleMedia(saved.id, file)
      if (dropMedia && saved.mediaPath) return await removeScheduleMedia(saved.id)
    } catch (err) {
      // The schedule is saved; only its image failed.
      toastError(err)
    }
    return saved
  }
  const close = () => {
    setFile(null)
    setDropMedia(false)
    onClose()
  }
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial: start, validate: scheduleProblems, onSave: save, onClose: close })
  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => setValues((v) => ({ ...v, [key]: value }))
  const err = (p?: string) => (p ? t(p) : undefined)
  const title = !stored ? t('schedules.modal.addTitle') : sent ? t('schedules.modal.sentTitle') : t('schedules.modal.editTitle')

  const footer = (
    <>
      {stored && onDelete && (
        <Button variant="danger" className="mr-auto" data-testid="schedule-delete" disabled={!online || busy} onClick={() => onDelete(stored)}>
          {t('common.delete')}
        </Button>
      )}
      <Button variant="secondary" onClick={close}>
        {t('common.cancel')}
      </Button>
      {!sent && (
        <Button type="submit" form="schedule-form" data-testid="schedule-save" disabled={busy || !online}>
          {stored ? t('common.save') : t('schedules.modal.add')}
        </Button>
      )}
    </>
  )

  return (
    <Modal open={open} onClose={close} title={title} closeLabel={t('common.close')} size="lg" footer={footer}>
      <form id="schedule-form" data-testid="schedule-modal" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {!online && <p className="text-sm text-amber-700 dark:text-amber-300">{t('schedules.offline')}</p>}
        <ScheduleNotices schedule={stored} />
        <fieldset disabled={sent} className="flex flex-col gap-4">
          <ScheduleContactField values={values} set={set} error={err(problems.contactId)} />
          <div className="flex flex-col gap-1">
            <label htmlFor="schedule-body" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('schedules.fields.body')}
            </label>
            <textarea
              id="schedule-body"
              data-testid="schedule-body"
              rows={4}
              value={values.body}
              aria-invalid={problems.body ? true : undefined}
              onChange={(e) => set('body', e.target.value)}
              className={`w-full rounded-md border bg-white px-3 py-2 text-sm dark:bg-slate-900 ${problems.body ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'}`}
            />
            {problems.body && <p data-testid="schedule-body-error" className="text-xs text-red-600 dark:text-red-400">{err(problems.body)}</p>}
          </div>
          <TextField id="schedule-send-at" type="datetime-local" label={t('schedules.fields.sendAt')} value={values.sendAt} onChange={(v) => set('sendAt', v)} error={err(problems.sendAt)} />
          <ScheduleTicketFields values={values} set={set} />
          <ScheduleRepeatFields values={values} set={set} problems={{ valorIntervalo: err(problems.valorIntervalo), enviarQuantasVezes: err(problems.enviarQuantasVezes) }} />
          <SwitchField id="schedule-assinar" label={t('schedules.fields.assinar')} checked={values.assinar} onChange={(on) => set('assinar', on)} />
          {!sent && (
            <ScheduleMediaField current={dropMedia ? null : (stored?.mediaName ?? null)} file={file} onFile={setFile} onRemoveCurrent={() => setDropMedia(true)} />
          )}
        </fieldset>
      </form>
    </Modal>
  )
}

/** Sent: read-only; ERRO: the send-error title with the reason (spec part 2 §2). */
function ScheduleNotices({ schedule }: { schedule: Schedule | null }) {
  const { t } = useTranslation()
  if (!schedule) return null
  return (
    <>
      {isScheduleSent(schedule) && (
        <p data-testid="schedule-sent-notice" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-200">
          {t('schedules.modal.sentNotice', { date: new Date(schedule.sentAt!).toLocaleString(i18n.language) })}
        </p>
      )}
      {schedule.status === 'ERRO' && (
        <div data-testid="schedule-send-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <p className="font-semibold">{t('schedules.modal.sendErrorTitle')}</p>
          {schedule.sendError && <p>{errorMessage({ error: schedule.sendError })}</p>}
        </div>
      )}
    </>
  )
}
