import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { readSettings, saveSetting } from '../../lib/public-settings.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'

const KEYS = ['pixKey', 'pixMerchantName', 'pixMerchantCity'] as const
type PixKey = (typeof KEYS)[number]
/** The BR Code's limits (Banco Central's manual), as the server checks them. */
const MAX: Record<PixKey, number> = { pixKey: 77, pixMerchantName: 25, pixMerchantCity: 15 }

/**
 * The super user's Pix receiver (docs/decisions.md "Billing"): the key, name and city written into the
 * BR Code of manual charges. Global settings, saved online with PUT /settings/{key}.
 */
export function SettingsPix() {
  const { t } = useTranslation()
  const [values, setValues] = useState<Record<PixKey, string> | null>(null)
  const [saved, setSaved] = useState<Record<PixKey, string> | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    readSettings(KEYS, abort.signal).then(
      (v) => {
        setValues(v)
        setSaved(v)
      },
      (err) => !abort.signal.aborted && setFailure(errorMessage(err)),
    )
    return () => abort.abort()
  }, [])
  if (!values) return <p className="text-sm text-slate-500 dark:text-slate-400">{failure ?? t('common.loading')}</p>
  const tooLong = (k: PixKey) => (values[k].length > MAX[k] ? t('settings.pix.tooLong', { max: MAX[k] }) : undefined)
  const save = async () => {
    if (KEYS.some(tooLong)) return
    setBusy(true)
    setFailure(null)
    try {
      for (const k of KEYS) if (values[k] !== saved?.[k]) await saveSetting(k, values[k].trim())
      setSaved(values)
      pushToast('success', t('settings.saved'))
    } catch (err) {
      dismissToasts('success')
      setFailure(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="flex max-w-xl flex-col gap-3" onSubmit={(e) => { e.preventDefault(); void save() }} data-testid="settings-pix">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('settings.pix.help')}</p>
      {KEYS.map((k) => (
        <TextField key={k} id={`setting-${k}`} label={t(`settings.pix.${k}`)} value={values[k]} error={tooLong(k)} onChange={(v) => setValues({ ...values, [k]: v })} />
      ))}
      {failure && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{failure}</p>}
      <div>
        <Button type="submit" disabled={busy}>{t('common.save')}</Button>
      </div>
    </form>
  )
}
