import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from './auth-card.tsx'
import { signup } from './auth.ts'
import { appNameOf, logoFor } from '../../lib/branding.ts'
import { toastError } from '../../lib/errors.ts'
import { formatBRL } from '../../lib/format.ts'
import { usePublicPlans } from './plans.ts'
import { useBranding } from '../../lib/public-settings.ts'
import { hasProblems, signupProblems, type SignupValues } from '../../lib/validation.ts'
import { themeAtom, toggleThemeAtom } from '../../state/theme.ts'
import { pushToast } from '../../state/toasts.ts'
import { SignupForm } from './signup-form.tsx'
import { navigateTo } from '../../lib/navigation.ts'

const EMPTY: SignupValues = { name: '', companyName: '', email: '', password: '', phone: '', planId: '' }

/** /signup (spec part 2 §5): validated form, success toast, then /login. */
export default function SignupPage() {
  const { t } = useTranslation()
  const branding = useBranding()
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  const plans = usePublicPlans()
  const [values, setValues] = useState(EMPTY)
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const problems = checked ? signupProblems(values) : {}

  const planOptions = plans.map((p) => ({
    value: String(p.id),
    label: t('signup.planOption', { name: p.name, users: p.users, connections: p.connections, queues: p.queues, amount: formatBRL(p.amount) }),
  }))

  async function submit() {
    setChecked(true)
    if (hasProblems(signupProblems(values))) return
    setBusy(true)
    try {
      await signup({ ...values, name: values.name.trim(), companyName: values.companyName.trim(), email: values.email.trim(), phone: values.phone.trim(), planId: Number(values.planId) })
      pushToast('success', t('signup.success'))
      navigateTo('/login', { replace: true })
    } catch (err) {
      toastError(err)
      setBusy(false)
    }
  }

  return (
    <AuthCard logoUrl={logoFor(theme, branding)} appName={appNameOf(branding)} title={t('signup.title')} theme={theme} themeLabel={t('layout.toggleTheme')} onToggleTheme={toggleTheme} wide>
      <SignupForm values={values} problems={problems} plans={planOptions} busy={busy} onChange={(k, v) => setValues((prev) => ({ ...prev, [k]: v }))} onSubmit={submit} />
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="font-medium text-brand hover:underline">
          {t('signup.login')}
        </Link>
      </p>
    </AuthCard>
  )
}
