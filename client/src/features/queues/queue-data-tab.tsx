import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { planAtom } from '../../state/auth.ts'
import { integrationSelectOptions, useIntegrationOptions } from '../integration-options/index.ts'
import { fileListSelectOptions, useFileListOptions } from '../file-list-options/index.ts'
import { ROTATION_TIMES } from './queue-form.ts'
import type { Option } from './queues.ts'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import type { QueueTabProps } from './queue-tab-props.ts'
import { QueueOptionTree } from './queue-option-tree.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

/** #rgb becomes #rrggbb for the picker, which only takes six digits; other values show black. */
export function pickerColor(color: string): string {
  const v = color.trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(v)) return v
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`
  if (/^#[0-9a-f]{8}$/.test(v)) return v.slice(0, 7)
  return '#000000'
}

function ColorField({ values, set, problems }: QueueTabProps) {
  const { t } = useTranslation()
  const error = problems.color ? t(problems.color) : undefined
  return (
    <div className="flex items-end gap-2">
      <input
        id="queue-color-picker"
        type="color"
        aria-label={t('queues.fields.colorPicker')}
        value={pickerColor(values.color)}
        onChange={(e) => set('color', e.target.value)}
        className={`h-10 w-12 shrink-0 cursor-pointer rounded-md border bg-white p-1 dark:bg-slate-900 ${error ? 'mb-5 border-red-500' : 'border-slate-300 dark:border-slate-600'}`}
      />
      <div className="flex-1">
        <TextField id="queue-color" label={t('queues.fields.color')} value={values.color} onChange={(v) => set('color', v)} error={error} autoComplete="off" />
      </div>
    </div>
  )
}

/** "Dados da fila": the queue's fields and its chatbot option tree (spec part 2 §2, §3 Queue). */
export function QueueDataTab(props: QueueTabProps & { queues: Option[]; users: Option[] }) {
  const { t } = useTranslation()
  const { values, set, problems } = props
  const err = (field: string) => (problems[field] ? t(problems[field]) : undefined)
  // The integration selector needs the plan's useIntegrations (spec part 2 §6); a stored id still shows.
  const integrations = useIntegrationOptions(useAtomValue(planAtom)?.useIntegrations === true)
  const fileLists = useFileListOptions()
  const rotations = ROTATION_TIMES.map((m) => ({ value: String(m), label: m === 0 ? t('queues.rotation.off') : t('queues.rotation.minutes', { count: m }) }))
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="queue-name" label={t('queues.fields.name')} value={values.name} onChange={(v) => set('name', v)} error={err('name')} autoComplete="off" />
        <ColorField {...props} />
      </div>
      <TextArea id="queue-greetingMessage" label={t('queues.fields.greetingMessage')} value={values.greetingMessage} onChange={(v) => set('greetingMessage', v)} error={err('greetingMessage')} />
      <TextArea id="queue-outOfHoursMessage" label={t('queues.fields.outOfHoursMessage')} value={values.outOfHoursMessage} onChange={(v) => set('outOfHoursMessage', v)} error={err('outOfHoursMessage')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="queue-orderQueue" type="number" label={t('queues.fields.orderQueue')} value={values.orderQueue} onChange={(v) => set('orderQueue', v)} error={err('orderQueue')} />
        <SelectField id="queue-tempoRoteador" label={t('queues.fields.tempoRoteador')} value={values.tempoRoteador} onChange={(v) => set('tempoRoteador', v)} options={rotations} error={err('tempoRoteador')} />
        <SelectField id="queue-integrationId" label={t('integrations.picker.label')} value={values.integrationId} onChange={(v) => set('integrationId', v)} options={integrationSelectOptions(integrations, values.integrationId)} placeholder={t('integrations.picker.none')} error={err('integrationId')} />
        <SelectField id="queue-fileListId" label={t('queues.fields.fileListId')} value={values.fileListId} onChange={(v) => set('fileListId', v)} options={fileListSelectOptions(fileLists, values.fileListId)} placeholder={t('queues.fields.noFileList')} error={err('fileListId')} />
      </div>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">
        <SwitchField id="queue-ativarRoteador" label={t('queues.fields.ativarRoteador')} checked={values.ativarRoteador} onChange={(v) => set('ativarRoteador', v)} />
        <SwitchField id="queue-closeTicket" label={t('queues.fields.closeTicket')} checked={values.closeTicket} onChange={(v) => set('closeTicket', v)} />
      </div>
      <QueueOptionTree options={values.chatbots} onChange={(tree) => set('chatbots', tree)} problems={problems} queues={props.queues} users={props.users} integrations={integrations} />
    </div>
  )
}
