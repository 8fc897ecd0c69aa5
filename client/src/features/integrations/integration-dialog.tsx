import { useTranslation } from 'react-i18next'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { integrationFormProblems, usesUrl, type IntegrationFormValues } from './integration-form.ts'
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES, POSTED_TYPES, type IntegrationLanguage, type IntegrationType } from './integrations.ts'
import { SigningSecret } from './signing-secret.tsx'
import { DialogflowTest } from './dialogflow-test.tsx'

interface Props {
  open: boolean
  mode: 'create' | 'edit'
  initial: IntegrationFormValues
  /** The edited integration keeps a Dialogflow JSON on the server (never sent back). */
  hasJsonContent: boolean
  /** The edited integration (its signing secret is fetched for n8n and webhook); null when adding. */
  integrationId: number | null
  flows: { id: number; name: string }[]
  onClose: () => void
  onSave: (values: IntegrationFormValues) => Promise<void>
}

const areaClass = 'w-full rounded-md border bg-white px-3 py-2 font-mono text-xs text-slate-900 outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:bg-slate-900 dark:text-slate-100'

/** The Dialogflow service account JSON (spec part 2 §9: 5 rows); blank keeps the stored one. */
function JsonField({ value, onChange, stored, error }: { value: string; onChange: (v: string) => void; stored: boolean; error?: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="integration-jsonContent" className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('integrations.fields.jsonContent')}</label>
      <textarea id="integration-jsonContent" name="integration-jsonContent" rows={5} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={`${areaClass} ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'}`} />
      {error && <p id="integration-jsonContent-error" className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      {stored && !error && <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="integration-json-stored">{t('integrations.fields.jsonStored')}</p>}
    </div>
  )
}

/** 'Adicionar projeto' / 'Editar projeto' (spec part 2 §2 Integrations): the type select and its fields. */
export function IntegrationDialog({ open, mode, initial, hasJsonContent, integrationId, flows, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: integrationFormProblems, onSave, onClose })
  const set = <K extends keyof IntegrationFormValues>(k: K, v: IntegrationFormValues[K]) => setValues((prev) => ({ ...prev, [k]: v }))
  const err = (k: keyof IntegrationFormValues) => (problems[k] ? t(problems[k] as string) : undefined)
  const text = (k: keyof IntegrationFormValues, type = 'text') => (
    <TextField id={`integration-${k}`} type={type} label={t(`integrations.fields.${k}`)} value={values[k]} onChange={(v) => set(k, v)} error={err(k)} autoComplete="off" />
  )
  const types = INTEGRATION_TYPES.map((v) => ({ value: v, label: t(`integrations.types.${v}`) }))
  const languages = INTEGRATION_LANGUAGES.map((v) => ({ value: v, label: t(`integrations.languages.${v}`) }))
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>{t('integrations.dialog.cancel')}</Button>
      <Button type="submit" form="integration-form" disabled={busy} data-testid="integration-save">{t(mode === 'create' ? 'integrations.dialog.add' : 'integrations.dialog.save')}</Button>
    </>
  )
  return (
    <Modal open={open} onClose={onClose} title={t(mode === 'create' ? 'integrations.dialog.addTitle' : 'integrations.dialog.editTitle')} closeLabel={t('common.close')} footer={footer} size="lg">
      <form id="integration-form" noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="integration-dialog">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id="integration-type" label={t('integrations.fields.type')} value={values.type} onChange={(v) => set('type', v as IntegrationType)} options={types} error={err('type')} />
          {text('name')}
        </div>
        {values.type === 'dialogflow' && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('projectName')}
              <SelectField id="integration-language" label={t('integrations.fields.language')} value={values.language} onChange={(v) => set('language', v as IntegrationLanguage)} options={languages} error={err('language')} />
            </div>
            <JsonField value={values.jsonContent} onChange={(v) => set('jsonContent', v)} stored={mode === 'edit' && hasJsonContent} error={err('jsonContent')} />
            {open && <DialogflowTest projectName={values.projectName} jsonContent={values.jsonContent} language={values.language} integrationId={mode === 'edit' && hasJsonContent ? integrationId : null} />}
          </>
        )}
        {usesUrl(values.type) && text('urlN8N', 'url')}
        {open && POSTED_TYPES.includes(values.type) && <SigningSecret integrationId={integrationId} />}
        {values.type === 'typebot' && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('typebotSlug')}
              {text('typebotExpires', 'number')}
              {text('typebotDelayMessage', 'number')}
              {text('typebotKeywordFinish')}
              {text('typebotKeywordRestart')}
              {text('typebotRestartMessage')}
            </div>
            {text('typebotUnknownMessage')}
          </>
        )}
        {values.type === 'flowbuilder' && (
          <SelectField
            id="integration-flowId"
            label={t('integrations.fields.flow')}
            value={values.flowId}
            onChange={(v) => set('flowId', v)}
            options={flows.map((f) => ({ value: String(f.id), label: f.name }))}
            placeholder={t(flows.length ? 'integrations.fields.chooseFlow' : 'integrations.fields.noFlows')}
            error={err('flowId')}
          />
        )}
      </form>
    </Modal>
  )
}
