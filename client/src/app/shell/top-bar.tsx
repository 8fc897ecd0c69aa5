import type { ReactNode } from 'react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface TopBarProps {
  menuLabel: string
  onToggleMenu: () => void
  greeting: ReactNode
  actions: ReactNode
}

/** The app bar on the brand colour: menu toggle, greeting, then the action buttons. */
export function TopBar({ menuLabel, onToggleMenu, greeting, actions }: TopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 bg-brand px-2 text-brand-contrast shadow-md">
      <button type="button" className={topBarButtonClass} aria-label={menuLabel} title={menuLabel} onClick={onToggleMenu}>
        <Icon name="menu" />
      </button>
      <div className="min-w-0 flex-1 truncate text-sm sm:text-base">{greeting}</div>
      <div className="flex shrink-0 items-center">{actions}</div>
    </header>
  )
}

interface GreetingProps {
  hello: string
  welcome: string
  dueLine?: string
}

/**
 * 'Olá, <user>' with the company; admins also get the due date line. Not on a phone: beside the bar's
 * icons it was cut to "Ol…".
 */
export function Greeting({ hello, welcome, dueLine }: GreetingProps) {
  return (
    <p className="hidden truncate sm:block" data-testid="greeting">
      <strong className="font-semibold">{hello}</strong> <span className="hidden sm:inline">{welcome}</span>
      {dueLine && <span className="ml-1 hidden opacity-90 md:inline">({dueLine})</span>}
    </p>
  )
}

export function TopBarButton({ icon, label, onClick }: { icon: string; label: string; onClick: () => void }) {
  return (
    <button type="button" className={topBarButtonClass} aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}
