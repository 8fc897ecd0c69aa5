import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { connectionFormProblems, needsRelink, type ConnectionFormValues, type ConnectionProblemField } from './connection-form.ts'
import type { QueueOption } from './connections.ts'
import type { Problems } from '../../lib/validation.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { QueueChecklist } from '../../ui/queue-checklist.tsx'
import { ChatbotTab, ImportSection, MessagesTab, NpsTab, SchedulesTab, type SetValue, type TabProps } from './connections-editor-tabs.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { useFlowOptions } from '../flows/index.ts'
import { integrationSelectOptions, useIntegrationOptions, type IntegrationChoice } from '../integration-options/index.ts'
import { planAtom } from '../../state/auth.ts'
import { promptSelectOptions, usePromptOptions } from '../prompt-options/index.ts'
import type { Choice } from '../../lib/server-choices.ts'

export interface MediaChange {
  /** A new greeting attachment to upload after the save. */
  file: File | null
  /** Remove the current attachment. */
  remove: boolean
}

interface ConnectionsEditorProps {
  open: boolean
  mode: 'create' | 'edit'
  initial: ConnectionFormValues
  queues: QueueOption[]
  ratingsOn: boolean
  /** company setting scheduleType is 'connection' (spec part 2 §2). */
  showSchedules: boolean
  greetingMedia: string | null
  /** The connection's status when the editor opened: a connected one warns before an import relinks it. */
  status: string
  onClose: () => void
  onSave: (values: ConnectionFormValues, media: MediaChange) => Promise<void>
}

const tabClass =
  'border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-500 outline-none data-[selected]:border-brand data-[selected]:text-brand data-[focus]:bg-slate-100 dark:text-slate-400 dark:data-[focus]:bg-slate-800'

/** The flows a connection starts (issue 21): on a new ticket, and when no phrase campaign matches. */
function FlowPickers({ values, set, flows }: Pick<TabProps, 'values' | 'set'> & { flows: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const options = flows.map((f) => ({ value: String(f.id), label: f.name }))
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField id="connection-flowIdWelcome" label={t('flows.connection.welcome')} value={values.flowIdWelcome} onChange={(v) => set('flowIdWelcome', v)} options={options} placeholder={t('flows.connection.none')} />
      <SelectField id="connection-flowIdNotPhrase" label={t('flows.connection.notPhrase')} value={values.flowIdNotPhrase} onChange={(v) => set('flowIdNotPhrase', v)} options={options} placeholder={t('flows.connection.none')} />
    </div>
  )
}

/**
 * Integrations tab (spec part 2 §2): the prompt choice when the plan has useOpenAi, the integration choice when
 * it has useIntegrations (the tab shows with either).
 */
function IntegrationsTab({ values, set, problems, integrations, prompts }: Pick<TabProps, 'values' | 'set' | 'problems'> & { integrations: IntegrationChoice[] | null; prompts: Choice[] | null }) {
  const { t } = useTranslation()
  const error = (field: string) => {
    const key = (problems as Record<string, string | undefined>)[field]
    return key ? t(key) : undefined
  }
  return (
    <div className="flex flex-col gap-4">
      {prompts && <SelectField id="connection-promptId" label={t('connections.editor.prompt')} value={values.promptId} onChange={(v) => set('promptId', v)} options={promptSelectOptions(prompts, values.promptId)} placeholder={t('connections.editor.noPrompt')} error={error('promptId')} />}
      {integrations && <SelectField id="connection-integrationId" label={t('integrations.picker.label')} value={values.integrationId} onChange={(v) => set('integrationId', v)} options={integrationSelectOptions(integrations, values.integrationId)} placeholder={t('integrations.picker.none')} error={error('integrationId')} />}
    </div>
  )
}

function GeneralTab(props: TabProps & { mode: 'create' | 'edit'; wasDefault: boolean; greetingMedia: string | null; media: MediaChange; setMedia: (m: MediaChange) => void; relink: boolean; flows: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const { values, set, problems, queues, media, setMedia } = props
  const tokenHint = values.regenerateToken || !values.token ? t('connections.token.willGenerate') : undefined
  return (
    <div className="flex flex-col gap-4">
      <TextField id="connection-name" label={t('connections.fields.name')} value={values.name} onChange={(v) => set('name', v)} error={problems.name ? t(problems.name) : undefined} autoComplete="off" />
      {/* The company keeps a default (ERR_NO_OTHER_WHATSAPP): it moves by marking another connection. */}
      <SwitchField id="connection-isDefault" label={t('connections.fields.isDefault')} checked={values.isDefault} disabled={props.wasDefault} onChange={(v) => set('isDefault', v)} />
      {props.wasDefault && <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">{t('connections.fields.defaultHint')}</p>}
      <SwitchField id="connection-allowGroup" label={t('connections.fields.allowGroup')} checked={values.allowGroup} onChange={(v) => set('allowGroup', v)} />
      <SwitchField id="connection-groupAsTicket" label={t('connections.fields.groupAsTicket')} checked={values.groupAsTicket === 'enabled'} onChange={(v) => set('groupAsTicket', v ? 'enabled' : 'disabled')} />
      <QueueChecklist
        label={t('connections.fields.queues')}
        emptyText={t('connections.fields.noQueues')}
        queues={queues}
        selected={values.queueIds}
        onChange={(ids) => set('queueIds', ids)}
      />
      <FlowPickers values={values} set={set} flows={props.flows} />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField id="connection-token" label={t('connections.fields.token')} value={values.regenerateToken ? '' : values.token} onChange={() => {}} hint={tokenHint} />
        </div>
        <Button variant="secondary" onClick={() => set('regenerateToken', true)}>{t('connections.token.regenerate')}</Button>
      </div>
      <div className="flex flex-col gap-1">
        {props.greetingMedia && !media.remove && !media.file && (
          <p className="flex items-center gap-2 text-sm">
            <span className="truncate">{props.greetingMedia}</span>
            <Button variant="text" onClick={() => setMedia({ file: null, remove: true })}>{t('connections.media.remove')}</Button>
          </p>
        )}
        <FileInput id="connection-greetingMedia" label={t('connections.fields.greetingMedia')} file={media.file} accept="image/*,video/*" onChange={(file) => setMedia({ file, remove: false })} />
      </div>
      <ImportSection values={values} set={set} problems={problems} queues={queues} relink={props.relink} />
    </div>
  )
}

/**
 * The connection editor (spec part 2 §2, §3): tabs general, integrations (with the plan's useIntegrations or
 * useOpenAi), messages, chatbot, nps, schedules.
 */
export function ConnectionsEditor(props: ConnectionsEditorProps) {
  const { open, mode, initial, queues, ratingsOn, showSchedules, onClose, onSave } = props
  const { t } = useTranslation()
  const [tab, setTab] = useState(0)
  const [media, setMedia] = useState<MediaChange>({ file: null, remove: false })
  const flows = useFlowOptions(open)
  const plan = useAtomValue(planAtom)
  const withIntegrations = plan?.useIntegrations === true
  const withPrompts = plan?.useOpenAi === true
  const integrations = useIntegrationOptions(open && withIntegrations)
  const prompts = usePromptOptions(open && withPrompts)
  // The problems are i18n keys like the shared ones, plus the spec's whatsappModal.* keys.
  const validate = (v: ConnectionFormValues) => connectionFormProblems(v, ratingsOn) as Problems<ConnectionProblemField>
  const save = (v: ConnectionFormValues) => onSave(v, media)
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate, onSave: save, onClose, onInvalid: () => undefined })

  useEffect(() => {
    if (!open) return
    setTab(0)
    setMedia({ file: null, remove: false })
  }, [open])

  const set: SetValue = (key, value) => setValues((prev) => ({ ...prev, [key]: value }))
  const tabProps: TabProps = { values, set, problems, queues }
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form="connection-form" disabled={busy}>{mode === 'create' ? t('connections.editor.add') : t('common.save')}</Button>
    </>
  )
  const title = mode === 'create' ? t('connections.editor.addTitle') : t('connections.editor.editTitle')
  const tabs = ['general', ...(withIntegrations || withPrompts ? ['integrations'] : []), 'messages', 'chatbot', 'nps', ...(showSchedules ? ['schedules'] : [])]
  const invalidTabs = new Set(Object.keys(problems).map(tabOfField))

  return (
    <Modal open={open} onClose={onClose} title={title} closeLabel={t('common.close')} footer={footer} size="xl">
      <form id="connection-form" noValidate onSubmit={submit}>
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="mb-4 flex flex-wrap border-b border-slate-200 dark:border-slate-700">
            {tabs.map((name) => (
              <Tab key={name} className={`${tabClass} ${invalidTabs.has(name) ? 'text-red-600' : ''}`}>{t(name === 'integrations' ? 'integrations.picker.tab' : `connections.editor.tabs.${name}`)}</Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel unmount={false}><GeneralTab {...tabProps} mode={mode} wasDefault={mode === 'edit' && initial.isDefault} greetingMedia={props.greetingMedia} media={media} setMedia={setMedia} relink={mode === 'edit' && needsRelink(initial, values, props.status)} flows={flows} /></TabPanel>
            {(withIntegrations || withPrompts) && <TabPanel unmount={false}><IntegrationsTab {...tabProps} integrations={withIntegrations ? integrations : null} prompts={withPrompts ? prompts : null} /></TabPanel>}
            <TabPanel unmount={false}><MessagesTab {...tabProps} /></TabPanel>
            <TabPanel unmount={false}><ChatbotTab {...tabProps} /></TabPanel>
            <TabPanel unmount={false}><NpsTab {...tabProps} /></TabPanel>
            {showSchedules && <TabPanel unmount={false}><SchedulesTab {...tabProps} /></TabPanel>}
          </TabPanels>
        </TabGroup>
      </form>
    </Modal>
  )
}

/** Which tab holds a field, so a refused save marks the tab to look at. */
function tabOfField(field: string): string {
  if (field === 'ratingMessage' || field === 'expiresTicketNPS') return 'nps'
  if (field === 'sendIdQueue' || field === 'timeSendQueue') return 'chatbot'
  if (field.startsWith('collectiveVacation')) return 'messages'
  if (field === 'integrationId' || field === 'promptId') return 'integrations'
  return 'general'
}
