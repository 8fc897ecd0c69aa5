import { type ComponentType, lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A page whose module (and the libraries only it uses: the calendar, the charts) loads when the route is
 * first opened, not with the app shell; "Carregando…" meanwhile.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load)
  return function LazyPage() {
    const { t } = useTranslation()
    return (
      <Suspense fallback={<p className="text-sm text-slate-500">{t('common.loading')}</p>}>
        <Page />
      </Suspense>
    )
  }
}
