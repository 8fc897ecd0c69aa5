import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import type { Channel } from './connections.ts'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

interface ConnectionsAddMenuProps {
  /** Channels the company's plan allows (useWhatsapp, useFacebook, useInstagram; spec part 2 §6). */
  channels: Channel[]
  disabled?: boolean
  onPick: (channel: Channel) => void
}

const itemClass = 'flex w-full items-center gap-3 px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** The add menu of the Connections page: one entry per channel the plan allows. */
export function ConnectionsAddMenu({ channels, disabled, onPick }: ConnectionsAddMenuProps) {
  const { t } = useTranslation()
  return (
    <Menu>
      <MenuButton as={Button} disabled={disabled || channels.length === 0}>
        <Icon name="add" className="size-5" />
        {t('connections.add')}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-48 rounded-lg bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200"
      >
        {channels.map((ch) => (
          <MenuItem key={ch}>
            <button type="button" className={itemClass} onClick={() => onPick(ch)}>
              {t(`connections.channels.${ch}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
