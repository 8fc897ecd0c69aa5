import { useTranslation } from 'react-i18next'
import { useQueueOptions } from '../queues/index.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextArea, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { addOption, removeLastOption } from './block-rules.ts'
import type { BlockDataMap } from './flow-model.ts'

/** The simple blocks' fields (spec part 2 §3 node table); `problems` hold i18n keys by field. */

export interface FieldsProps<T extends keyof BlockDataMap> {
  data: BlockDataMap[T]
  set: (data: BlockDataMap[T]) => void
  problems: Record<string, string>
}

const useErr = (problems: Record<string, string>) => {
  const { t } = useTranslation()
  return (field: string) => (problems[field] ? t(problems[field]) : undefined)
}

export function MessageFields({ data, set, problems }: FieldsProps<'message'>) {
  const { t } = useTranslation()
  return <TextArea id="block-message" label={t('flows.fields.message')} value={data.label} onChange={(label) => set({ ...data, label })} error={useErr(problems)('label')} />
}

export function IntervalFields({ data, set, problems }: FieldsProps<'interval'>) {
  const { t } = useTranslation()
  const value = Number.isFinite(data.sec) && data.sec !== 0 ? String(data.sec) : ''
  return (
    <TextField id="block-interval" type="number" label={t('flows.fields.seconds')} value={value} onChange={(v) => set({ ...data, sec: v === '' ? 0 : Number(v) })} error={useErr(problems)('sec')} hint={t('flows.fields.secondsHint')} />
  )
}

export function ConditionFields({ data, set, problems }: FieldsProps<'condition'>) {
  const { t } = useTranslation()
  const err = useErr(problems)
  const ops = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: t(`flows.operators.${n}`) }))
  return (
    <div className="flex flex-col gap-4">
      <TextField id="block-condition-key" label={t('flows.fields.conditionKey')} value={data.key} onChange={(key) => set({ ...data, key })} error={err('key')} hint={t('flows.fields.conditionKeyHint')} />
      <SelectField id="block-condition-op" label={t('flows.fields.operator')} value={String(data.condition)} onChange={(v) => set({ ...data, condition: Number(v) })} options={ops} />
      <TextField id="block-condition-value" label={t('flows.fields.conditionValue')} value={data.value} onChange={(value) => set({ ...data, value })} />
    </div>
  )
}

export function MenuFields({ data, set, problems }: FieldsProps<'menu'>) {
  const { t } = useTranslation()
  const err = useErr(problems)
  const options = data.arrayOption
  return (
    <div className="flex flex-col gap-4">
      <TextArea id="block-menu-message" label={t('flows.fields.menuMessage')} value={data.message} onChange={(message) => set({ ...data, message })} error={err('message')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{t('flows.fields.options')}</legend>
        {options.map((o, i) => (
          <div key={o.number} className="flex items-center gap-2">
            <span className="w-8 shrink-0 text-center text-sm font-semibold tabular-nums">[{o.number}]</span>
            <input
              id={`block-menu-option-${o.number}`}
              aria-label={t('flows.fields.option', { number: o.number })}
              value={o.value}
              onChange={(e) => set({ ...data, arrayOption: options.map((x, k) => (k === i ? { ...x, value: e.target.value } : x)) })}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            />
            {/* Spec part 2 §5: only the last option can be removed (the others' numbers are outputs). */}
            {i === options.length - 1 && options.length > 1 ? (
              <button type="button" className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={t('flows.fields.removeOption', { number: o.number })} title={t('flows.fields.removeOption', { number: o.number })} onClick={() => set({ ...data, arrayOption: removeLastOption(options) })}>
                <Icon name="delete" className="size-5" />
              </button>
            ) : (
              <span className="size-9 shrink-0" />
            )}
          </div>
        ))}
        {err('arrayOption') && <p className="text-xs text-red-600 dark:text-red-400">{err('arrayOption')}</p>}
        <Button variant="secondary" className="self-start" onClick={() => set({ ...data, arrayOption: addOption(options) })} data-testid="block-menu-add-option">
          <Icon name="add" className="size-5" />
          {t('flows.fields.addOption')}
        </Button>
      </fieldset>
    </div>
  )
}

export function RandomizerFields({ data, set, problems }: FieldsProps<'randomizer'>) {
  const { t } = useTranslation()
  const err = useErr(problems)('percent')
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="block-randomizer" className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('flows.fields.percent')}</label>
      <input id="block-randomizer" type="range" min={0} max={100} step={10} value={data.percent} onChange={(e) => set({ percent: Number(e.target.value) })} className="accent-brand" />
      <p className="flex justify-between text-sm tabular-nums">
        <span>A · {data.percent}%</span>
        <span>B · {100 - data.percent}%</span>
      </p>
      {err && <p className="text-xs text-red-600 dark:text-red-400">{err}</p>}
    </div>
  )
}

export function TicketFields({ data, set, problems }: FieldsProps<'ticket'>) {
  const { t } = useTranslation()
  const queues = useQueueOptions()
  const onChange = (v: string) => {
    const q = queues.find((x) => String(x.id) === v)
    set({ queue: q ? { id: q.id, name: q.name } : null })
  }
  return (
    <SelectField id="block-ticket-queue" label={t('flows.fields.queue')} value={data.queue ? String(data.queue.id) : ''} onChange={onChange} options={queues.map((q) => ({ value: String(q.id), label: q.name }))} placeholder={t('flows.fields.chooseQueue')} error={useErr(problems)('queue')} />
  )
}

export function QuestionFields({ data, set, problems }: FieldsProps<'question'>) {
  const { t } = useTranslation()
  const err = useErr(problems)
  return (
    <div className="flex flex-col gap-4">
      <TextArea id="block-question-message" label={t('flows.fields.question')} value={data.message} onChange={(message) => set({ ...data, message })} error={err('message')} />
      <TextField id="block-question-key" label={t('flows.fields.answerKey')} value={data.answerKey} onChange={(answerKey) => set({ ...data, answerKey })} error={err('answerKey')} hint={t('flows.fields.answerKeyHint')} autoComplete="off" />
    </div>
  )
}
