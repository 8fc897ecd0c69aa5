import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { appNameOf } from '../../lib/branding.ts'
import { formatDay } from '../../lib/format.ts'
import { userAtom } from '../../state/auth.ts'
import { brandingAtom } from '../../state/branding.ts'

/** / until the dashboard is built: a welcome card with the user, the company and its due date. */
export default function HomePage() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const branding = useAtomValue(brandingAtom)
  if (!user) return null
  const due = formatDay(user.company?.dueDate)
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand">
          <Icon name="home" className="size-8" />
        </span>
        <div>
          <h1 className="text-2xl font-bold" data-testid="home-greeting">
            {t('layout.hello', { name: user.name })}
          </h1>
          <p className="text-slate-600 dark:text-slate-300">{t('home.welcome', { app: appNameOf(branding) })}</p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800">
          <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t('home.company')}</dt>
          <dd className="mt-1 text-lg font-semibold">{user.company?.name}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800">
          <dt className="text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">{t('home.dueDate')}</dt>
          <dd className="mt-1 text-lg font-semibold">{due || '—'}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('home.hint')}</p>
    </section>
  )
}
