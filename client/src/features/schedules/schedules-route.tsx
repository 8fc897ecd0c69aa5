import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

// The calendar library is loaded with the page, not with the app shell (vite.config.ts 'calendar' chunk).
const SchedulesPage = lazy(() => import('./schedules-page.tsx'))

/** /schedules: the schedules calendar (spec part 2 §2), loaded on demand. */
export default function SchedulesRoute() {
  const { t } = useTranslation()
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">{t('common.loading')}</p>}>
      <SchedulesPage />
    </Suspense>
  )
}
