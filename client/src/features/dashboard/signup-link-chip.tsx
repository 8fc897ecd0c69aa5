import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useBranding } from '../../lib/public-settings.ts'
import { useCopy } from '../../lib/use-copy.ts'
import { userAtom } from '../../state/auth.ts'
import { MAIN_COMPANY_ID } from '../auth/index.ts'

/** The chip shows when the viewer belongs to company 1 and public sign-up (allowSignup) is open. */
export function showsSignupChip(companyId: number | undefined, allowSignup: string | undefined): boolean {
  return companyId === MAIN_COMPANY_ID && allowSignup === 'enabled'
}

/**
 * The dashboard's company chip (spec part 1 §2, "shows only for company 1 when a public setting is
 * enabled"): the address new companies sign up at, for the operator to share while sign-up is open, with
 * a copy button that claims success only after the clipboard took it. Rule in decisions.md "Dashboard".
 */
export function SignupLinkChip() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const branding = useBranding()
  const { copied, copy } = useCopy()
  if (!showsSignupChip(user?.companyId, branding.allowSignup)) return null
  const link = `${window.location.origin}/signup`
  return (
    <div
      className="flex max-w-full items-center gap-2 self-start rounded-2xl border border-emerald-300 bg-emerald-50 py-1 pl-3 pr-1 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      data-testid="signup-chip"
    >
      <span className="shrink-0 font-semibold">{t('dashboard.signupChip.label')}</span>
      <span className="min-w-0 break-all font-mono text-xs" data-testid="signup-chip-link">{link}</span>
      <button
        type="button"
        onClick={() => void copy(link)}
        className="shrink-0 rounded-full px-3 py-1 text-xs font-semibold text-emerald-800 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-emerald-200 dark:hover:bg-emerald-900"
      >
        {t(copied ? 'dashboard.signupChip.copied' : 'dashboard.signupChip.copy')}
      </button>
    </div>
  )
}
