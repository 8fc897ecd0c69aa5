import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCopy } from '../../lib/use-copy.ts'
import { Button } from '../../ui/button.tsx'
import { integrationCalls } from './integrations.ts'

/**
 * The secret an n8n or webhook integration's calls are signed with, for the admin to paste into the
 * receiver (issue 22). Fetched on open from the integration's own GET, never kept in the list.
 */
export function SigningSecret({ integrationId }: { integrationId: number | null }) {
  const { t } = useTranslation()
  const [secret, setSecret] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const { copied, copy } = useCopy()
  useEffect(() => {
    setSecret(null)
    setFailed(false)
    if (integrationId === null) return
    const ctrl = new AbortController()
    integrationCalls.signingSecret(integrationId, ctrl.signal).then(setSecret, () => !ctrl.signal.aborted && setFailed(true))
    return () => ctrl.abort()
  }, [integrationId])
  const hint = 'text-xs text-slate-500 dark:text-slate-400'
  if (integrationId === null) return <p className={hint} data-testid="integration-secret-later">{t('integrations.fields.signingSecretAfterSave')}</p>
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="integration-signingSecret" className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('integrations.fields.signingSecret')}</label>
      <div className="flex gap-2">
        <input
          id="integration-signingSecret"
          readOnly
          value={secret ?? ''}
          onFocus={(e) => e.target.select()}
          data-testid="integration-secret"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        <Button variant="secondary" onClick={() => secret && void copy(secret)} disabled={!secret} className="shrink-0">
          {t(copied ? 'integrations.fields.copied' : 'integrations.fields.copy')}
        </Button>
      </div>
      {failed ? <p className="text-xs text-red-600 dark:text-red-400">{t('integrations.fields.secretError')}</p> : <p className={hint}>{t('integrations.fields.signingSecretHint')}</p>}
    </div>
  )
}
