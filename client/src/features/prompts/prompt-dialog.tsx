import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useQueueOptions } from '../queues/index.ts'
import { PROMPT_VOICES, promptFormProblems, type PromptFormValues } from './prompts.ts'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: PromptFormValues
  /** The edited prompt keeps a key on the server (never sent back). */
  hasApiKey: boolean
  /** The edited prompt's queue, offered while the local queues are still loading. */
  queue: { id: number; name: string } | null
  onClose: () => void
  onSave: (values: PromptFormValues) => Promise<void>
}

/** The prompt dialog (spec part 2 §2 "Prompts", §3 "Prompt"). */
export function PromptDialog({ open, mode, initial, hasApiKey, queue, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const local = useQueueOptions()
  const queues = queue && !local.some((q) => q.id === queue.id) ? [...local, queue] : local
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: promptFormProblems, onSave, onClose })
  const set = (k: keyof PromptFormValues) => (v: string) => setValues((p) => ({ ...p, [k]: v }))
  const err = (k: keyof PromptFormValues) => ((problems as Record<string, string | undefined>)[k] ? t((problems as Record<string, string>)[k]) : undefined)
  const field = (k: keyof PromptFormValues, type = 'text') => <TextField id={`prompt-${k}`} type={type} label={t(`prompts.fields.${k}`)} value={values[k]} onChange={set(k)} error={err(k)} autoComplete="off" />
  const voices = PROMPT_VOICES.map((v) => ({ value: v, label: v === 'texto' ? t('prompts.voiceText') : v.replace(/^pt-BR-|Neural$/g, '') }))
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('prompts.dialog.cancel')}</Button>
      <Button type="submit" form="prompt-form" disabled={busy} data-testid="prompt-save">{t('prompts.dialog.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'prompts.dialog.addTitle' : 'prompts.dialog.editTitle')} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="prompt-form" noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="prompt-dialog">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('name')}
          <SelectField id="prompt-queueId" label={t('prompts.fields.queueId')} value={values.queueId} onChange={set('queueId')} options={queues.map((q) => ({ value: String(q.id), label: q.name }))} placeholder={t('prompts.fields.chooseQueue')} error={err('queueId')} />
        </div>
        <div className="flex flex-col gap-1">
          <TextField id="prompt-apiKey" type="password" label={t('prompts.fields.apiKey')} value={values.apiKey} onChange={set('apiKey')} autoComplete="new-password" />
          {mode === 'edit' && hasApiKey && <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="prompt-key-stored">{t('prompts.keyStored')}</p>}
        </div>
        <TextArea id="prompt-prompt" label={t('prompts.fields.prompt')} value={values.prompt} onChange={set('prompt')} />
        <div className="grid gap-4 sm:grid-cols-3">
          {field('maxTokens', 'number')}
          {field('temperature')}
          {field('maxMessages', 'number')}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField id="prompt-voice" label={t('prompts.fields.voice')} value={values.voice} onChange={set('voice')} options={voices} />
          {field('voiceKey')}
          {field('voiceRegion')}
        </div>
      </form>
    </Modal>
  )
}
