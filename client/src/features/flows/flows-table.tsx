import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import type { FlowRow } from './flows.ts'

const td = tdClass.replace('align-top', 'align-middle')
const itemClass = 'flex w-full items-center gap-3 px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

export type FlowAction = 'rename' | 'open' | 'duplicate' | 'delete'
const ACTIONS: { action: FlowAction; icon: string }[] = [
  { action: 'rename', icon: 'edit' },
  { action: 'open', icon: 'openInNew' },
  { action: 'duplicate', icon: 'copy' },
  { action: 'delete', icon: 'delete' },
]

/** A flow's status as the list shows it: Ativo or Desativado. */
export function FlowStatus({ active }: { active: boolean }) {
  const { t } = useTranslation()
  const tone = active ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(active ? 'flows.active' : 'flows.inactive')}</span>
}

/** The flows list (spec part 2 §2 "Flow screens"): name and status; a click opens the canvas; the row menu acts. */
export function FlowsTable({ flows, onOpen, onAction }: { flows: FlowRow[]; onOpen: (f: FlowRow) => void; onAction: (f: FlowRow, a: FlowAction) => void }) {
  const { t } = useTranslation()
  return (
    <TableCard
      testId="flows-table"
      head={
        <>
          <th className={thClass}>{t('flows.columns.name')}</th>
          <th className={`${thClass} w-24 sm:w-32`}>{t('flows.columns.status')}</th>
          <th className={`${thClass} w-16 text-right`}>{t('flows.columns.actions')}</th>
        </>
      }
    >
      {flows.map((f) => (
        <tr key={f.id} data-testid="flow-row" className={`${rowClass} cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60`} onClick={() => onOpen(f)}>
          <td className={td}>
            <button type="button" className="text-left font-medium [overflow-wrap:anywhere] hover:text-brand hover:underline" onClick={(e) => (e.stopPropagation(), onOpen(f))}>
              {f.name}
            </button>
          </td>
          <td className={td}><FlowStatus active={f.active} /></td>
          <td className={`${td} text-right`} onClick={(e) => e.stopPropagation()}>
            <Menu>
              <MenuButton className={plainIconButtonClass} aria-label={t('flows.actions.menu', { name: f.name })} title={t('flows.actions.menu', { name: f.name })} data-testid="flow-row-menu">
                <Icon name="moreVert" className="size-5" />
              </MenuButton>
              <MenuItems anchor="bottom end" className="z-50 mt-1 w-52 rounded-lg bg-white py-1 text-slate-700 shadow-lg ring-1 ring-black/5 focus:outline-none dark:bg-slate-800 dark:text-slate-200">
                {ACTIONS.map(({ action, icon }) => (
                  <MenuItem key={action}>
                    <button type="button" className={`${itemClass} ${action === 'delete' ? 'text-red-600 dark:text-red-400' : ''}`} onClick={() => onAction(f, action)} data-testid={`flow-action-${action}`}>
                      <Icon name={icon} className="size-5" />
                      {t(`flows.actions.${action}`)}
                    </button>
                  </MenuItem>
                ))}
              </MenuItems>
            </Menu>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
