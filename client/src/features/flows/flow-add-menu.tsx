import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { BLOCK_TONES, BlockIcon } from './block-icon.tsx'
import { BLOCK_TYPES, type AddableType } from './flow-model.ts'

const itemClass = 'flex w-full items-center gap-3 px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** The canvas's speed-dial (spec part 2 §2): one entry per block type; the choice opens its dialog. */
export function FlowAddMenu({ onPick }: { onPick: (type: AddableType) => void }) {
  const { t } = useTranslation()
  return (
    <Menu>
      <MenuButton
        className="inline-flex size-14 items-center justify-center rounded-full bg-brand text-brand-contrast shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        aria-label={t('flows.canvas.addBlock')}
        title={t('flows.canvas.addBlock')}
        data-testid="flow-add-block"
      >
        <Icon name="add" className="size-7" />
      </MenuButton>
      <MenuItems anchor="top end" className="z-50 mb-2 max-h-[70vh] w-56 overflow-y-auto rounded-lg bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200">
        {BLOCK_TYPES.map((type) => (
          <MenuItem key={type}>
            <button type="button" className={itemClass} onClick={() => onPick(type)} data-testid={`flow-add-${type}`}>
              <span className={BLOCK_TONES[type]}><BlockIcon type={type} /></span>
              {t(`flows.blocks.${type}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
