import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isScheduleImage, SCHEDULE_DAY_RULES, SCHEDULE_IMAGE_ACCEPT, SCHEDULE_INTERVALS, useNamedRows, useScheduleContacts, type ScheduleFormValues } from './schedules.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

const control = 'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900'
const idOrNull = (v: string) => (v ? Number(v) : null)

export interface FieldsProps {
  values: ScheduleFormValues
  set: <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => void
}

/** The contact: a search over the local contacts and a list to pick from; the chosen one stays listed. */
export function ScheduleContactField({ values, set, error }: FieldsProps & { error?: string }) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const contacts = useScheduleContacts(useDebounced(search), values.contactId)
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor="schedule-contact" className="font-medium text-slate-700 dark:text-slate-300">
        {t('schedules.fields.contact')}
      </label>
      <input
        data-testid="schedule-contact-search"
        aria-label={t('schedules.fields.contactSearch')}
        placeholder={t('schedules.fields.contactSearch')}
        className={control}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <select
        id="schedule-contact"
        data-testid="schedule-contact"
        size={4}
        className={`${control} ${error ? 'border-red-500' : ''}`}
        value={values.contactId ?? ''}
        onChange={(e) => set('contactId', idOrNull(e.target.value))}
      >
        {contacts.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.number})
          </option>
        ))}
      </select>
      {error && <p className="text-xs text-red-600 dark:text-red-400">{error}</p>}
    </div>
  )
}

/** The connection, and the ticket the send opens (user, queue, status) when the switch is on. */
export function ScheduleTicketFields({ values, set }: FieldsProps) {
  const { t } = useTranslation()
  const connections = useNamedRows('whatsapps')
  const queues = useNamedRows('queues')
  const users = useNamedRows('users')
  const options = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }))
  return (
    <>
      <SelectField
        id="schedule-connection"
        label={t('schedules.fields.connection')}
        value={values.whatsappId ? String(values.whatsappId) : ''}
        onChange={(v) => set('whatsappId', idOrNull(v))}
        options={options(connections)}
        placeholder={t('schedules.fields.defaultConnection')}
      />
      <SwitchField id="schedule-open-ticket" label={t('schedules.fields.openTicket')} checked={values.openTicket} onChange={(on) => set('openTicket', on)} />
      {values.openTicket && (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField id="schedule-user" label={t('schedules.fields.ticketUser')} value={values.ticketUserId ? String(values.ticketUserId) : ''} onChange={(v) => set('ticketUserId', idOrNull(v))} options={options(users)} placeholder="—" />
          <SelectField id="schedule-queue" label={t('schedules.fields.queue')} value={values.queueId ? String(values.queueId) : ''} onChange={(v) => set('queueId', idOrNull(v))} options={options(queues)} placeholder="—" />
          <SelectField
            id="schedule-status-ticket"
            label={t('schedules.fields.statusTicket')}
            value={values.statusTicket}
            onChange={(v) => set('statusTicket', v === 'open' ? 'open' : 'closed')}
            options={[
              { value: 'closed', label: t('schedules.fields.statusClosed') },
              { value: 'open', label: t('schedules.fields.statusOpen') },
            ]}
          />
        </div>
      )}
    </>
  )
}

/** Recurrence (spec part 1 §9): every N days/weeks/months/minutes, how many sends, the business-day rule. */
export function ScheduleRepeatFields({ values, set, problems }: FieldsProps & { problems: { valorIntervalo?: string; enviarQuantasVezes?: string } }) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t('schedules.fields.repeat')}</legend>
      <SelectField
        id="schedule-intervalo"
        label={t('schedules.fields.intervalo')}
        value={String(values.intervalo)}
        onChange={(v) => set('intervalo', Number(v))}
        options={SCHEDULE_INTERVALS.map((n) => ({ value: String(n), label: t(`schedules.intervals.${n}`) }))}
      />
      <TextField id="schedule-valor-intervalo" type="number" label={t('schedules.fields.valorIntervalo')} value={values.valorIntervalo} onChange={(v) => set('valorIntervalo', v)} error={problems.valorIntervalo} />
      <TextField id="schedule-enviar-quantas-vezes" type="number" label={t('schedules.fields.enviarQuantasVezes')} value={values.enviarQuantasVezes} onChange={(v) => set('enviarQuantasVezes', v)} error={problems.enviarQuantasVezes} />
      <SelectField
        id="schedule-tipo-dias"
        label={t('schedules.fields.tipoDias')}
        value={String(values.tipoDias)}
        onChange={(v) => set('tipoDias', Number(v))}
        options={SCHEDULE_DAY_RULES.map((n) => ({ value: String(n), label: t(`schedules.dayRules.${n}`) }))}
      />
    </fieldset>
  )
}

interface MediaFieldProps {
  /** The stored image's name, unless marked for removal. */
  current: string | null
  file: File | null
  onFile: (file: File | null) => void
  onRemoveCurrent: () => void
}

/** The image sent with the schedule (png, jpg, jpeg), uploaded after the schedule is saved. */
export function ScheduleMediaField({ current, file, onFile, onRemoveCurrent }: MediaFieldProps) {
  const { t } = useTranslation()
  const [wrongType, setWrongType] = useState(false)
  const name = file?.name ?? current
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700 dark:text-slate-300">{t('schedules.fields.media')}</span>
      <div className="flex flex-wrap items-center gap-2">
        <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
          {t('schedules.fields.attach')}
          <input
            data-testid="schedule-media-input"
            type="file"
            accept={SCHEDULE_IMAGE_ACCEPT}
            className="sr-only"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null
              e.target.value = ''
              if (!chosen) return
              setWrongType(!isScheduleImage(chosen))
              if (isScheduleImage(chosen)) onFile(chosen)
            }}
          />
        </label>
        {name && <span data-testid="schedule-media-name" className="truncate">{name}</span>}
        {name && (
          <Button variant="text" onClick={() => (file ? onFile(null) : onRemoveCurrent())}>
            {t('schedules.fields.removeMedia')}
          </Button>
        )}
      </div>
      {wrongType && <p className="text-xs text-red-600 dark:text-red-400">{t('schedules.validation.imageType')}</p>}
    </div>
  )
}
