import { useTranslation } from 'react-i18next'
import type { ConnectionFormValues, ConnectionProblemField } from './connection-form.ts'
import type { QueueOption } from './connections.ts'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { WeeklyHoursFields } from '../business-hours/index.ts'

export type SetValue = <K extends keyof ConnectionFormValues>(key: K, value: ConnectionFormValues[K]) => void

export interface TabProps {
  values: ConnectionFormValues
  set: SetValue
  problems: Partial<Record<ConnectionProblemField, string>>
  queues: QueueOption[]
}

export function useQueueSelect(queues: QueueOption[]) {
  const { t } = useTranslation()
  return { options: queues.map((q) => ({ value: String(q.id), label: q.name })), placeholder: t('connections.fields.noQueue') }
}

const err = (t: (k: string) => string, key?: string) => (key ? t(key) : undefined)

/** Messages tab: greeting, completion, out of hours, inactivity and collective vacation. */
export function MessagesTab({ values, set, problems }: TabProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <TextArea id="connection-greetingMessage" label={t('connections.fields.greetingMessage')} value={values.greetingMessage} onChange={(v) => set('greetingMessage', v)} />
      <TextArea id="connection-complationMessage" label={t('connections.fields.complationMessage')} value={values.complationMessage} onChange={(v) => set('complationMessage', v)} />
      <TextArea id="connection-outOfHoursMessage" label={t('connections.fields.outOfHoursMessage')} value={values.outOfHoursMessage} onChange={(v) => set('outOfHoursMessage', v)} />
      <TextArea id="connection-inactiveMessage" label={t('connections.fields.inactiveMessage')} value={values.inactiveMessage} onChange={(v) => set('inactiveMessage', v)} />
      <TextArea id="connection-expiresInactiveMessage" label={t('connections.fields.expiresInactiveMessage')} value={values.expiresInactiveMessage} onChange={(v) => set('expiresInactiveMessage', v)} />
      <TextArea id="connection-collectiveVacationMessage" label={t('connections.fields.collectiveVacationMessage')} value={values.collectiveVacationMessage} onChange={(v) => set('collectiveVacationMessage', v)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="connection-collectiveVacationStart" type="date" label={t('connections.fields.collectiveVacationStart')} value={values.collectiveVacationStart} onChange={(v) => set('collectiveVacationStart', v)} error={err(t, problems.collectiveVacationStart)} />
        <TextField id="connection-collectiveVacationEnd" type="date" label={t('connections.fields.collectiveVacationEnd')} value={values.collectiveVacationEnd} onChange={(v) => set('collectiveVacationEnd', v)} error={err(t, problems.collectiveVacationEnd)} />
      </div>
    </div>
  )
}

/** Chatbot tab: bot limits, ticket expiry, inactivity and the automatic queue redirect. */
export function ChatbotTab({ values, set, problems, queues }: TabProps) {
  const { t } = useTranslation()
  const queueSelect = useQueueSelect(queues)
  const num = (key: 'maxUseBotQueues' | 'timeUseBotQueues' | 'expiresTicket' | 'timeInactiveMessage' | 'timeCreateNewTicket' | 'timeSendQueue') => (
    <TextField id={`connection-${key}`} type="number" label={t(`connections.fields.${key}`)} value={values[key]} onChange={(v) => set(key, v)} error={key === 'timeSendQueue' ? err(t, problems.timeSendQueue) : undefined} />
  )
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {num('maxUseBotQueues')}
      {num('timeUseBotQueues')}
      {num('expiresTicket')}
      <SelectField
        id="connection-whenExpiresTicket"
        label={t('connections.fields.whenExpiresTicket')}
        value={values.whenExpiresTicket}
        onChange={(v) => set('whenExpiresTicket', v)}
        options={[{ value: '0', label: t('connections.whenExpires.any') }, { value: '1', label: t('connections.whenExpires.lastFromUs') }]}
      />
      {num('timeInactiveMessage')}
      {num('timeCreateNewTicket')}
      {num('timeSendQueue')}
      <SelectField id="connection-sendIdQueue" label={t('connections.fields.sendIdQueue')} value={values.sendIdQueue} onChange={(v) => set('sendIdQueue', v)} error={err(t, problems.sendIdQueue)} {...queueSelect} />
    </div>
  )
}

/** NPS tab: the rating question and its limits (required while the company has ratings on). */
export function NpsTab({ values, set, problems }: TabProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <TextArea id="connection-ratingMessage" label={t('connections.fields.ratingMessage')} value={values.ratingMessage} onChange={(v) => set('ratingMessage', v)} error={err(t, problems.ratingMessage)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="connection-expiresTicketNPS" type="number" label={t('connections.fields.expiresTicketNPS')} value={values.expiresTicketNPS} onChange={(v) => set('expiresTicketNPS', v)} error={err(t, problems.expiresTicketNPS)} />
        <TextField id="connection-maxUseBotQueuesNPS" type="number" label={t('connections.fields.maxUseBotQueuesNPS')} value={values.maxUseBotQueuesNPS} onChange={(v) => set('maxUseBotQueuesNPS', v)} />
      </div>
    </div>
  )
}

/** Schedules tab (only when scheduleType is connection): two shifts per weekday. */
export function SchedulesTab({ values, set }: TabProps) {
  return (
    <div className="flex flex-col gap-3">
      <WeeklyHoursFields idPrefix="connection" labels="connections.fields" schedules={values.schedules} onChange={(v) => set('schedules', v)} />
    </div>
  )
}

/** Import settings on the general tab (spec part 2 §4 Import, §5). */
export function ImportSection({ values, set, problems, queues, relink }: TabProps & { relink: boolean }) {
  const { t } = useTranslation()
  const queueSelect = useQueueSelect(queues)
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <SwitchField id="connection-enableImportMessage" label={t('connections.fields.enableImportMessage')} checked={values.enableImportMessage} onChange={(v) => set('enableImportMessage', v)} />
      {values.enableImportMessage && (
        <>
          <p role="note" className="rounded bg-amber-50 p-2 text-xs text-amber-800 dark:bg-amber-950/40 dark:text-amber-300">{t('connections.import.warning')}</p>
          {relink && (
            <p role="alert" data-testid="connection-relink-warning" className="rounded bg-amber-100 p-2 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {t('connections.import.relink')}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="connection-importOldMessages" type="date" label={t('connections.fields.importOldMessages')} value={values.importOldMessages} onChange={(v) => set('importOldMessages', v)} error={err(t, problems.importOldMessages)} />
            <TextField id="connection-importRecentMessages" type="date" label={t('connections.fields.importRecentMessages')} value={values.importRecentMessages} onChange={(v) => set('importRecentMessages', v)} error={err(t, problems.importRecentMessages)} />
          </div>
          <SelectField id="connection-queueIdImportMessages" label={t('connections.fields.queueIdImportMessages')} value={values.queueIdImportMessages} onChange={(v) => set('queueIdImportMessages', v)} error={err(t, problems.queueIdImportMessages)} {...queueSelect} />
          <SwitchField id="connection-importOldMessagesGroups" label={t('connections.fields.importOldMessagesGroups')} checked={values.importOldMessagesGroups} onChange={(v) => set('importOldMessagesGroups', v)} />
          <SwitchField id="connection-closedTicketsPostImported" label={t('connections.fields.closedTicketsPostImported')} checked={values.closedTicketsPostImported} onChange={(v) => set('closedTicketsPostImported', v)} />
        </>
      )}
    </div>
  )
}
