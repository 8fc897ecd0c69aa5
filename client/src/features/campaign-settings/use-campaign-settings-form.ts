import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { useServerQuery } from '../../lib/server-query.ts'
import { pushToast } from '../../state/toasts.ts'
import {
  campaignSettingsProblems,
  formFromSettings,
  withNewVariable,
  withoutVariable,
  type CampaignSettingsForm,
  type FormField,
  type FormProblems,
} from './campaign-settings-form.ts'
import { fetchCampaignSettings, saveCampaignSettings } from './campaign-settings.ts'

/**
 * The /campaigns-config form: the settings read from the server, edited as a draft, checked with the
 * server's ranges, then saved whole. The success toast shows only once the server accepted them; a 400
 * puts its messages on the fields.
 */
export function useCampaignSettingsForm() {
  const { t } = useTranslation()
  const [reload, setReload] = useState(0)
  const loaded = useServerQuery(`campaign-settings:${reload}`, fetchCampaignSettings)
  const [draft, setDraft] = useState<CampaignSettingsForm | null>(null)
  const [problems, setProblems] = useState<FormProblems>({})
  const [busy, setBusy] = useState(false)
  const form = draft ?? (loaded.data ? formFromSettings(loaded.data) : null)

  const edit = (next: CampaignSettingsForm, cleared: FormField[]) => {
    setDraft(next)
    setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !cleared.includes(k as FormField))))
  }
  const set = <K extends Exclude<keyof CampaignSettingsForm, 'variables'>>(key: K) => (value: CampaignSettingsForm[K]) =>
    form && edit({ ...form, [key]: value }, key === 'startHour' ? ['startHour', 'endHour'] : [key])
  const setVariable = (index: number, cell: 'key' | 'value', text: string) =>
    form && edit({ ...form, variables: form.variables.map((v, i) => (i === index ? { ...v, [cell]: text } : v)) }, [`variables.${index}.${cell}`])
  const addVariable = () => form && edit(withNewVariable(form), [])
  // The rows below the removed one move up: their problems would point at the wrong row.
  const removeVariable = (index: number) => form && edit(withoutVariable(form, index), Object.keys(problems).filter((k) => k.startsWith('variables')) as FormField[])

  const save = async () => {
    if (!form || busy) return
    const found = campaignSettingsProblems(form)
    setProblems(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      const outcome = await saveCampaignSettings(form)
      if (outcome.kind === 'refused') return setProblems(outcome.problems)
      setDraft(formFromSettings(outcome.settings))
      pushToast('success', t('campaignSettings.saved'))
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return {
    form,
    loading: loaded.loading && !loaded.data,
    loadError: loaded.data ? null : loaded.error,
    retryLoad: () => setReload((n) => n + 1),
    problems,
    busy,
    set,
    setVariable,
    addVariable,
    removeVariable,
    save,
  }
}
