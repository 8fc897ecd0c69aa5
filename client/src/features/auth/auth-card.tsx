import type { ReactNode } from 'react'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface AuthCardProps {
  logoUrl: string | null
  appName: string
  title: string
  theme: 'light' | 'dark'
  themeLabel: string
  onToggleTheme: () => void
  children: ReactNode
  wide?: boolean
}

/** The public pages' frame (login, sign-up): brand logo or name, a title, the light/dark toggle. */
export function AuthCard({ logoUrl, appName, title, theme, themeLabel, onToggleTheme, children, wide }: AuthCardProps) {
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand/15 via-slate-100 to-slate-100 p-4 dark:from-brand/20 dark:via-slate-950 dark:to-slate-950">
      <div className={`relative w-full ${wide ? 'max-w-xl' : 'max-w-sm'} rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800`}>
        <button type="button" className={`${plainIconButtonClass} absolute right-3 top-3`} aria-label={themeLabel} title={themeLabel} onClick={onToggleTheme}>
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
        </button>
        <div className="mb-6 flex flex-col items-center gap-3">
          {logoUrl ? (
            <img src={logoUrl} alt={appName} className="max-h-20 max-w-[240px] object-contain" />
          ) : (
            <span className="text-3xl font-extrabold tracking-tight text-brand">{appName}</span>
          )}
          <h1 className="text-lg font-semibold text-slate-700 dark:text-slate-200">{title}</h1>
        </div>
        {children}
      </div>
    </main>
  )
}
