import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from './auth-card.tsx'
import { login } from './auth.ts'
import { appNameOf, logoFor } from '../../lib/branding.ts'
import { toastError } from '../../lib/errors.ts'
import { useBranding } from '../../lib/public-settings.ts'
import { refreshVersion } from '../../lib/version.ts'
import { takeLogoutReason } from '../../lib/session.ts'
import { themeAtom, toggleThemeAtom } from '../../state/theme.ts'
import { LoginForm } from './login-form.tsx'

/** /login (spec part 1 §2 Login): email and password, theme toggle, sign-up link when allowSignup is enabled. */
export default function LoginPage() {
  const { t } = useTranslation()
  const branding = useBranding()
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  // Read once: a session ended by a login elsewhere says so here (and what this device kept).
  const [reason] = useState(takeLogoutReason)

  useEffect(() => {
    void refreshVersion()
  }, [])

  async function submit() {
    setBusy(true)
    try {
      await login(email.trim(), password)
    } catch (err) {
      toastError(err)
      setBusy(false)
    }
  }

  const signupLink =
    branding.allowSignup === 'enabled' ? (
      <p className="text-center text-sm">
        <Link to="/signup" className="font-medium text-brand hover:underline" data-testid="signup-link">
          {t('login.signup')}
        </Link>
      </p>
    ) : null

  return (
    <AuthCard
      logoUrl={logoFor(theme, branding)}
      appName={appNameOf(branding)}
      title={t('login.title')}
      theme={theme}
      themeLabel={t('layout.toggleTheme')}
      onToggleTheme={toggleTheme}
    >
      {reason && (
        <div role="status" data-testid="logout-reason" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <p>{t(`realtime.${reason.kind}`)}</p>
          {reason.unsent > 0 && <p className="mt-1">{t('login.unsentKept', { count: reason.unsent })}</p>}
        </div>
      )}
      <LoginForm email={email} password={password} busy={busy} onEmail={setEmail} onPassword={setPassword} onSubmit={submit} footer={signupLink} />
    </AuthCard>
  )
}
