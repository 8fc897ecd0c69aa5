import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MAX_OPTIONS_PER_LEVEL, MAX_TREE_DEPTH, QUEUE_TYPES, optionFieldPath, type ChatbotOptionValues, type OptionPath, type QueueType } from './chatbot-options.ts'
import type { Option } from './queues.ts'
import { fileListSelectOptions, useFileListOptions } from '../file-list-options/index.ts'
import { integrationSelectOptions, type IntegrationChoice } from '../integration-options/index.ts'
import { Button, plainIconButtonClass } from '../../ui/button.tsx'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

/** The tree editor's edits, by option path. */
export interface OptionEdits {
  update: (path: OptionPath, patch: Partial<ChatbotOptionValues>) => void
  add: (parent: OptionPath) => void
  remove: (path: OptionPath) => void
  move: (path: OptionPath, delta: -1 | 1) => void
}

export interface OptionCardProps {
  option: ChatbotOptionValues
  path: OptionPath
  /** Siblings at this level, for the move buttons. */
  siblings: number
  edits: OptionEdits
  problems: Record<string, string>
  queues: Option[]
  users: Option[]
  /** The company's integrations (empty without the plan's useIntegrations). */
  integrations: IntegrationChoice[]
  /** The option's next level, drawn by the tree. */
  children: ReactNode
}

const smallButton = `${plainIconButtonClass} size-8 text-base disabled:cursor-not-allowed disabled:opacity-30`

/** The type's own field(s): a user (and optionally a queue) for attendent, a queue, an integration, or a file list id. */
function TypeField({ option, path, edits, problems, queues, users, integrations }: Omit<OptionCardProps, 'siblings' | 'children'>) {
  const fileLists = useFileListOptions(option.queueType === 'file')
  const { t } = useTranslation()
  const id = (f: string) => `queue-option-${path.join('-')}-${f}`
  const err = (f: string) => (problems[`${optionFieldPath(path)}.${f}`] ? t(problems[`${optionFieldPath(path)}.${f}`]) : undefined)
  const set = (f: 'optUserId' | 'optQueueId' | 'optIntegrationId' | 'optFileId') => (v: string) => edits.update(path, { [f]: v })
  const queueSelect = (label: string) => (
    <SelectField id={id('optQueueId')} label={label} value={option.optQueueId} onChange={set('optQueueId')} options={queues} placeholder={t('queues.fields.none')} error={err('optQueueId')} />
  )
  switch (option.queueType) {
    case 'attendent':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField id={id('optUserId')} label={t('queues.options.user')} value={option.optUserId} onChange={set('optUserId')} options={users} placeholder={t('queues.options.pickUser')} error={err('optUserId')} />
          {queueSelect(t('queues.options.userQueue'))}
        </div>
      )
    case 'queue':
      return queueSelect(t('queues.options.queue'))
    case 'integration':
      return <SelectField id={id('optIntegrationId')} label={t('integrations.picker.label')} value={option.optIntegrationId} onChange={set('optIntegrationId')} options={integrationSelectOptions(integrations, option.optIntegrationId)} placeholder={t('integrations.picker.none')} error={err('optIntegrationId')} />
    case 'file':
      return <SelectField id={id('optFileId')} label={t('queues.options.file')} value={option.optFileId} onChange={set('optFileId')} options={fileListSelectOptions(fileLists, option.optFileId)} placeholder={t('queues.fields.noFileList')} error={err('optFileId')} />
    default:
      return null
  }
}

/** One chatbot option (spec part 2 §3 "Chatbot option"): name, type, message, the type's field and its next level. */
export function QueueOptionCard(props: OptionCardProps) {
  const { option, path, siblings, edits, problems, children } = props
  const { t } = useTranslation()
  const label = path.map((i) => i + 1).join('.')
  const id = (f: string) => `queue-option-${path.join('-')}-${f}`
  const err = (f: string) => (problems[`${optionFieldPath(path)}.${f}`] ? t(problems[`${optionFieldPath(path)}.${f}`]) : undefined)
  const index = path[path.length - 1]
  const types = QUEUE_TYPES.map((v) => ({ value: v, label: t(`queues.types.${v}`) }))
  const canNest = path.length < MAX_TREE_DEPTH && option.options.length < MAX_OPTIONS_PER_LEVEL
  return (
    <li data-testid="queue-option" data-path={label} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-start gap-2">
        <span className="mt-8 min-w-8 text-sm font-semibold text-slate-500">{label}</span>
        <div className="grid flex-1 gap-3 sm:grid-cols-2">
          <TextField id={id('name')} label={t('queues.options.name')} value={option.name} onChange={(v) => edits.update(path, { name: v })} error={err('name')} autoComplete="off" />
          <SelectField id={id('queueType')} label={t('queues.options.type')} value={option.queueType} onChange={(v) => edits.update(path, { queueType: v as QueueType })} options={types} />
        </div>
        <div className="mt-6 flex shrink-0">
          <button type="button" className={smallButton} aria-label={t('queues.options.moveUp', { name: label })} title={t('queues.options.moveUp', { name: label })} disabled={index === 0} onClick={() => edits.move(path, -1)}>↑</button>
          <button type="button" className={smallButton} aria-label={t('queues.options.moveDown', { name: label })} title={t('queues.options.moveDown', { name: label })} disabled={index === siblings - 1} onClick={() => edits.move(path, 1)}>↓</button>
          <button type="button" className={smallButton} aria-label={t('queues.options.remove', { name: label })} title={t('queues.options.remove', { name: label })} onClick={() => edits.remove(path)}>
            <Icon name="delete" className="size-5" />
          </button>
        </div>
      </div>
      <TextArea id={id('greetingMessage')} label={t('queues.options.message')} value={option.greetingMessage} onChange={(v) => edits.update(path, { greetingMessage: v })} error={err('greetingMessage')} />
      <TypeField {...props} />
      <SwitchField id={id('closeTicket')} label={t('queues.options.closeTicket')} checked={option.closeTicket} onChange={(v) => edits.update(path, { closeTicket: v })} />
      {children}
      <div>
        <Button variant="text" onClick={() => edits.add(path)} disabled={!canNest} aria-label={t('queues.options.addSubFor', { name: label })}>
          <Icon name="add" className="size-5" />
          {t('queues.options.addSub')}
        </Button>
      </div>
    </li>
  )
}
