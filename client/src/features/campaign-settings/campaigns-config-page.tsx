import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { Button } from '../../ui/button.tsx'
import { TextField, TimeField } from '../../ui/form-field.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'
import { CAMPAIGN_SETTING_LIMITS as LIMITS } from './campaign-settings-form.ts'
import { CampaignVariablesTable } from './campaign-variables-table.tsx'
import { useCampaignSettingsForm } from './use-campaign-settings-form.ts'

const card = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'

function Section({ title, hint, testId, children }: { title: string; hint?: string; testId: string; children: ReactNode }) {
  return (
    <section className={card} data-testid={testId}>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {hint && <p className="text-sm text-slate-500 dark:text-slate-400">{hint}</p>}
      </div>
      {children}
    </section>
  )
}

/**
 * /campaigns-config (spec part 2 §2, §3 "Campaign settings", §9): the pace of the campaign sends (the
 * interval between messages, and a longer pause after a number of them), the days and hours they may go
 * out, and the company's custom variables for {key} in the messages. Saved whole; an admin's page.
 */
export default function CampaignsConfigPage() {
  const { t } = useTranslation()
  const f = useCampaignSettingsForm()
  const err = (p?: string) => (p ? t(p) : undefined)
  const title = <h1 className="text-2xl font-bold">{t('campaignSettings.title')}</h1>
  if (f.loadError) return <section className="flex flex-col gap-4">{title}<LoadingScreen label="" error={errorMessage(f.loadError)} onRetry={f.retryLoad} retryLabel={t('common.retry')} /></section>
  if (!f.form) return <LoadingScreen label={t('common.loading')} />
  const { form, problems } = f
  const number = (key: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval', hint: string) => (
    <TextField id={`campaign-${key}`} type="number" label={t(`campaignSettings.fields.${key}`)} value={form[key]} onChange={f.set(key)} error={err(problems[key])} hint={hint} />
  )

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void f.save()
      }}
    >
      {title}
      <Section title={t('campaignSettings.sections.intervals')} hint={t('campaignSettings.sections.intervalsHint')} testId="campaign-intervals">
        <div className="grid gap-4 md:grid-cols-3">
          {number('messageInterval', t('campaignSettings.hints.messageInterval', { ...LIMITS.messageInterval }))}
          {number('longerIntervalAfter', t('campaignSettings.hints.longerIntervalAfter', { ...LIMITS.longerIntervalAfter }))}
          {number('greaterInterval', t('campaignSettings.hints.greaterInterval', { ...LIMITS.greaterInterval }))}
        </div>
      </Section>
      <Section title={t('campaignSettings.sections.schedule')} hint={t('campaignSettings.sections.scheduleHint')} testId="campaign-schedule">
        <div className="grid gap-x-8 gap-y-2 md:grid-cols-2">
          <div className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
            <SwitchField id="campaign-sabado" label={t('campaignSettings.fields.sabado')} checked={form.sabado} onChange={f.set('sabado')} />
            <SwitchField id="campaign-domingo" label={t('campaignSettings.fields.domingo')} checked={form.domingo} onChange={f.set('domingo')} />
          </div>
          <div className="grid grid-cols-2 gap-4">
            <TimeField id="campaign-startHour" label={t('campaignSettings.fields.startHour')} value={form.startHour} onChange={f.set('startHour')} error={err(problems.startHour)} />
            <TimeField id="campaign-endHour" label={t('campaignSettings.fields.endHour')} value={form.endHour} onChange={f.set('endHour')} error={err(problems.endHour)} />
          </div>
        </div>
      </Section>
      <Section title={t('campaignSettings.sections.variables')} hint={t('campaignSettings.sections.variablesHint')} testId="campaign-variables-section">
        <CampaignVariablesTable variables={form.variables} problems={problems} onChange={f.setVariable} onAdd={f.addVariable} onRemove={f.removeVariable} />
      </Section>
      <div>
        <Button type="submit" disabled={f.busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  )
}
