import { Icon } from './icon.tsx'

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
  activePath: string
  collapsed: boolean
  onNavigate: (path: string) => void
}

const isActive = (path: string, active: string) => (path === '/' ? active === '/' : active === path || active.startsWith(`${path}/`))

/** The side menu: grouped entries (Management, Administration); icons only when the drawer is closed. */
export function SideMenu({ sections, activePath, collapsed, onNavigate }: SideMenuProps) {
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
            const active = isActive(entry.path, activePath)
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
                <Icon name={entry.icon} className="size-5 shrink-0" />
                {!collapsed && <span className="truncate">{entry.label}</span>}
              </a>
            )
          })}
        </div>
      ))}
    </nav>
  )
}
