import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../lib/api.ts'
import { brandingFileUrl, DEFAULT_PRIMARY } from '../../lib/branding.ts'
import { toastError } from '../../lib/errors.ts'
import { loadBranding, readSettings, saveSetting } from '../../lib/public-settings.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { SwitchField } from '../../ui/switch-field.tsx'

const TOGGLES = ['userCreation', 'allowSignup'] as const
const LOGOS = ['appLogoLight', 'appLogoDark', 'appLogoFavicon'] as const
const KEYS = [...TOGGLES, 'appName', 'primaryColorLight', 'primaryColorDark', ...LOGOS] as const
type Key = (typeof KEYS)[number]
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
const section = 'flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'

/** Tells the user and, on failure, drops an earlier success so the two never stand together. */
async function withToast(call: () => Promise<unknown>, saved: string): Promise<boolean> {
  try {
    await call()
    pushToast('success', saved)
    return true
  } catch (err) {
    dismissToasts('success')
    toastError(err)
    return false
  }
}

/**
 * The super user's platform tab (spec part 2 §2 settings tabs, §3 Setting, §9 branding): who may create
 * users and sign up, the app's name, its two brand colours and the three logos (POST
 * /settings-whitelabel/logo); the login page and the shell take them at once.
 */
export function SettingsPlatform() {
  const { t } = useTranslation()
  const [values, setValues] = useState<Record<Key, string> | null>(null)
  const [look, setLook] = useState({ appName: '', primaryColorLight: '', primaryColorDark: '' })
  const [busy, setBusy] = useState(false)
  const reload = async () => {
    const v = await readSettings(KEYS)
    setValues(v)
    setLook({ appName: v.appName, primaryColorLight: v.primaryColorLight, primaryColorDark: v.primaryColorDark })
  }
  useEffect(() => {
    reload().catch(toastError)
  }, [])
  if (!values) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>

  const toggle = async (key: (typeof TOGGLES)[number], on: boolean) => {
    const value = on ? 'enabled' : 'disabled'
    if (await withToast(() => saveSetting(key, value), t('settings.saved'))) setValues({ ...values, [key]: value })
  }
  const colorProblem = (v: string) => (HEX.test(v) ? undefined : t('settings.platform.invalidColor'))
  const saveLook = async () => {
    if (colorProblem(look.primaryColorLight) || colorProblem(look.primaryColorDark) || look.appName.length > 100) return
    setBusy(true)
    const ok = await withToast(async () => {
      for (const k of ['appName', 'primaryColorLight', 'primaryColorDark'] as const) if (look[k] !== values[k]) await saveSetting(k, look[k].trim())
    }, t('settings.saved'))
    setBusy(false)
    if (ok) {
      setValues({ ...values, ...look })
      void loadBranding(true)
    }
  }
  const upload = async (mode: (typeof LOGOS)[number], file: File | null) => {
    if (!file) return
    const form = new FormData()
    form.set('mode', mode)
    form.set('typeArch', 'logo')
    form.set('file', file)
    if (await withToast(() => api('/settings-whitelabel/logo', { method: 'POST', form }), t('settings.saved'))) {
      await reload()
      void loadBranding(true)
    }
  }
  const removeLogo = async (mode: (typeof LOGOS)[number]) => {
    if (await withToast(() => saveSetting(mode, ''), t('settings.saved'))) {
      setValues({ ...values, [mode]: '' })
      void loadBranding(true)
    }
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4" data-testid="settings-platform">
      <section className={section}>
        <h2 className="font-semibold">{t('settings.platform.access')}</h2>
        {TOGGLES.map((k) => (
          <SwitchField key={k} id={`setting-${k}`} label={t(`settings.platform.${k}`)} checked={values[k] === 'enabled'} onChange={(on) => void toggle(k, on)} />
        ))}
      </section>
      <form className={section} onSubmit={(e) => { e.preventDefault(); void saveLook() }}>
        <h2 className="font-semibold">{t('settings.platform.look')}</h2>
        <TextField id="setting-appName" label={t('settings.platform.appName')} placeholder="Balcão" value={look.appName} onChange={(appName) => setLook({ ...look, appName })} error={look.appName.length > 100 ? t('validation.tooLong') : undefined} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(['primaryColorLight', 'primaryColorDark'] as const).map((k) => (
            <div key={k} className="flex items-end gap-2">
              <div className="flex-1">
                <TextField id={`setting-${k}`} label={t(`settings.platform.${k}`)} value={look[k]} onChange={(v) => setLook({ ...look, [k]: v })} error={colorProblem(look[k])} />
              </div>
              <input type="color" aria-label={t(`settings.platform.${k}`)} className="mb-0.5 h-9 w-12 cursor-pointer rounded border border-slate-300 bg-transparent dark:border-slate-600" value={HEX.test(look[k]) && look[k].length === 7 ? look[k] : k === 'primaryColorLight' ? DEFAULT_PRIMARY.light : DEFAULT_PRIMARY.dark} onChange={(e) => setLook({ ...look, [k]: e.target.value })} />
            </div>
          ))}
        </div>
        <div>
          <Button type="submit" disabled={busy}>{t('common.save')}</Button>
        </div>
      </form>
      <section className={section}>
        <h2 className="font-semibold">{t('settings.platform.logos')}</h2>
        {LOGOS.map((mode) => {
          const url = brandingFileUrl(values[mode] || undefined)
          return (
            <div key={mode} className="flex flex-wrap items-end gap-3" data-testid={`logo-${mode}`}>
              <div className={`flex size-16 shrink-0 items-center justify-center rounded-md ring-1 ring-slate-200 dark:ring-slate-700 ${mode === 'appLogoDark' ? 'bg-slate-900' : 'bg-white'}`}>
                {url ? <img src={url} alt={t(`settings.platform.${mode}`)} className="max-h-14 max-w-14 object-contain" /> : <span className="text-xs text-slate-400">—</span>}
              </div>
              {/* At least 12rem for the label and the file name: a narrow screen wraps the remove button instead. */}
              <div className="min-w-0 flex-1 basis-48">
                <FileInput id={`setting-${mode}`} label={t(`settings.platform.${mode}`)} file={null} accept="image/png,image/jpeg,image/gif,image/webp,image/x-icon" onChange={(f) => void upload(mode, f)} />
              </div>
              {url && <Button variant="secondary" onClick={() => void removeLogo(mode)}>{t('settings.platform.removeLogo')}</Button>}
            </div>
          )
        })}
      </section>
    </div>
  )
}
