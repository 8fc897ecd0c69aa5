import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface UserMenuProps {
  label: string
  userName: string
  avatarUrl: string | null
  profileLabel: string
  logoutLabel: string
  languageLabel: string
  language: string
  languages: { code: string; name: string }[]
  onProfile: () => void
  onLanguage: (code: string) => void
  onLogout: () => void
}

const itemClass = 'flex w-full items-center gap-3 px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** The avatar menu: profile, interface language (kept on this device) and logout. */
export function UserMenu(props: UserMenuProps) {
  return (
    <Menu>
      <MenuButton className={topBarButtonClass} aria-label={props.label} title={props.label}>
        {props.avatarUrl ? <img src={props.avatarUrl} alt="" className="size-8 rounded-full object-cover" /> : <Icon name="account" className="size-7" />}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-56 rounded-lg bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200"
      >
        <p className="truncate px-4 py-2 text-sm font-semibold">{props.userName}</p>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <button type="button" className={itemClass} onClick={props.onProfile}>
            <Icon name="person" className="size-5" />
            {props.profileLabel}
          </button>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuSection>
          <MenuHeading className="flex items-center gap-2 px-4 py-1 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400">
            <Icon name="language" className="size-4" />
            {props.languageLabel}
          </MenuHeading>
          {props.languages.map((l) => (
            <MenuItem key={l.code}>
              <button type="button" className={itemClass} lang={l.code} aria-current={props.language === l.code ? 'true' : undefined} onClick={() => props.onLanguage(l.code)}>
                <span className={`size-2 rounded-full ${props.language === l.code ? 'bg-brand' : 'bg-transparent'}`} />
                {l.name}
              </button>
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <button type="button" className={itemClass} onClick={props.onLogout}>
            <Icon name="logout" className="size-5" />
            {props.logoutLabel}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
