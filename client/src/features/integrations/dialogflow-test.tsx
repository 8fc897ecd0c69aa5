import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import i18n from '../../i18n/index.ts'
import { integrationCalls, type IntegrationLanguage } from './integrations.ts'

type Result = { kind: 'ok'; text: string; intent: string | null } | { kind: 'failed'; reason: string }

/**
 * The Dialogflow dialog's Test button (spec part 2 §2): one detectIntent with the typed credentials, or
 * with the stored ones when editing with the JSON box blank; the agent's answer or the reason it failed.
 */
export function DialogflowTest(props: { projectName: string; jsonContent: string; language: IntegrationLanguage; integrationId: number | null }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const canTest = props.jsonContent.trim() !== '' || props.integrationId !== null
  const run = async () => {
    setBusy(true)
    setResult(null)
    try {
      const answer = await integrationCalls.testSession({ projectName: props.projectName, jsonContent: props.jsonContent, language: props.language, id: props.integrationId })
      setResult(answer.ok ? { kind: 'ok', text: answer.fulfillmentText, intent: answer.intent } : { kind: 'failed', reason: answer.reason })
      // Spec part 2 §9 lists a success toast for the integration test; a failed test shows only its reason.
      if (answer.ok) pushToast('success', t('integrations.dialogflowTest.toast'))
    } catch (err) {
      setResult({ kind: 'failed', reason: errorText(err, (k) => (i18n.exists(k) ? i18n.t(k) : null)) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-2" data-testid="dialogflow-test">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void run()} disabled={busy || !canTest} data-testid="dialogflow-test-button">
          {t(busy ? 'integrations.dialogflowTest.testing' : 'integrations.dialogflowTest.test')}
        </Button>
        {!canTest && <span className="text-xs text-slate-500 dark:text-slate-400">{t('integrations.dialogflowTest.testNoKey')}</span>}
      </div>
      {result?.kind === 'ok' && (
        <p className="text-sm text-emerald-700 dark:text-emerald-300" role="status" data-testid="dialogflow-test-ok">
          {t('integrations.dialogflowTest.testOk', { text: result.text })}
          {result.intent && <span className="block text-xs text-slate-500 dark:text-slate-400">{t('integrations.dialogflowTest.testOkIntent', { intent: result.intent })}</span>}
        </p>
      )}
      {result?.kind === 'failed' && (
        <p className="text-sm text-red-600 dark:text-red-400" role="alert" data-testid="dialogflow-test-failed">{t('integrations.dialogflowTest.testFailed', { reason: result.reason })}</p>
      )}
    </div>
  )
}
