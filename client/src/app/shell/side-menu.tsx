import { memo } from 'react'
import { useLocation } from 'react-router'
import { Icon } from '../../ui/icon.tsx'

export interface SideMenuEntry {
  key: string
  path: string
  label: string
  icon: string
}

export interface SideMenuSection {
  key: string
  /** Group heading; null for the top entries. */
  title: string | null
  entries: SideMenuEntry[]
}

interface SideMenuProps {
  sections: SideMenuSection[]
  /** The highlighted entry's path ('' for none). */
  activePath: string
  collapsed: boolean
  onNavigate: (path: string) => void
  /** Entries (by path) that show a warning badge, with the badge's accessible label. */
  badges?: Record<string, string | undefined>
}

const isActive = (path: string, active: string) => (path === '/' ? active === '/' : active === path || active.startsWith(`${path}/`))

/**
 * The side menu at the router's address: only this component follows the location, and the menu paints
 * again only when the highlighted entry changes (not on every chat opened under /tickets).
 */
export function RoutedSideMenu(props: Omit<SideMenuProps, 'activePath'>) {
  const { pathname } = useLocation()
  return <SideMenu {...props} activePath={activeEntryPath(props.sections, pathname)} />
}

/** The entry the address belongs to: the most specific one (the longest path), '' for none. */
export function activeEntryPath(sections: SideMenuSection[], pathname: string): string {
  return sections
    .flatMap((s) => s.entries)
    .filter((e) => isActive(e.path, pathname))
    .reduce<string>((best, e) => (e.path.length > best.length ? e.path : best), '')
}

/** The side menu: grouped entries (Management, Administration); icons only when the drawer is closed. */
export const SideMenu = memo(function SideMenu({ sections, activePath, collapsed, onNavigate, badges = {} }: SideMenuProps) {
  return (
    <nav className="flex flex-col gap-1 py-2">
      {sections.map((section) => (
        <div key={section.key} className="flex flex-col gap-0.5">
          {section.title &&
            (collapsed ? (
              <hr className="mx-3 my-2 border-slate-200 dark:border-slate-700" />
            ) : (
              <p className="px-4 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{section.title}</p>
            ))}
          {section.entries.map((entry) => {
            const active = entry.path === activePath
            const badge = badges[entry.path]
            return (
              <a
                key={entry.key}
                href={entry.path}
                title={entry.label}
                aria-current={active ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault()
                  onNavigate(entry.path)
                }}
                className={`mx-2 flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition ${
                  active ? 'bg-brand/10 text-brand' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                } ${collapsed ? 'justify-center px-0' : ''}`}
              >
                <span className="relative shrink-0">
                  <Icon name={entry.icon} className="size-5" />
                  {badge && (
                    <span
                      data-testid={`menu-badge-${entry.key}`}
                      role="img"
                      aria-label={badge}
                      title={badge}
                      className="absolute -right-1 -top-1 size-2.5 rounded-full bg-amber-500 ring-2 ring-white dark:ring-slate-900"
                    />
                  )}
                </span>
                {!collapsed && <span className="truncate">{entry.label}</span>}
              </a>
            )
          })}
        </div>
      ))}
    </nav>
  )
})
