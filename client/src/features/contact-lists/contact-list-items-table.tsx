import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import type { ContactListItem } from './contact-lists.ts'

/** Cells centred on the row's action buttons. */
const td = tdClass.replace('align-top', 'align-middle')

interface Props {
  items: ContactListItem[]
  onEdit: (item: ContactListItem) => void
  onDelete: (item: ContactListItem) => void
}

/** Whether WhatsApp knows the number (docs/decisions.md "Contact list validity"): a green tick or a red stop. */
export function ValidityIcon({ valid }: { valid: boolean }) {
  const { t } = useTranslation()
  const label = t(valid ? 'contactLists.items.valid' : 'contactLists.items.invalid')
  return (
    <span role="img" aria-label={label} title={label} data-testid="contact-list-item-validity" data-valid={valid ? 'true' : 'false'} className="inline-flex">
      {valid ? (
        <Icon name="check" className="size-5 text-emerald-600 dark:text-emerald-400" />
      ) : (
        <Icon name="block" className="size-5 text-red-600 dark:text-red-400" />
      )}
    </span>
  )
}

/**
 * Contact list items table (spec part 2 §2): validity icon, name, number, email, actions. On a phone the
 * number and the email move under the name.
 */
export function ContactListItemsTable({ items, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const h = (k: string) => t(`contactLists.items.columns.${k}`)
  return (
    <TableCard
      testId="contact-list-items-table"
      head={
        <>
          <th className={`${thClass} w-12`}><span className="sr-only">{h('valid')}</span></th>
          <th className={thClass}>{h('name')}</th>
          <th className={`${thClass} hidden sm:table-cell`}>{h('number')}</th>
          <th className={`${thClass} hidden md:table-cell`}>{h('email')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {items.map((i) => (
        <tr key={i.id} data-testid="contact-list-item-row" className={rowClass}>
          <td className={td}><ValidityIcon valid={i.isWhatsappValid} /></td>
          <td className={td}>
            <span className="block font-medium [overflow-wrap:anywhere]">{i.name}</span>
            <span className="block text-xs tabular-nums text-slate-600 sm:hidden dark:text-slate-300">{i.number}</span>
            {i.email && <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] md:hidden dark:text-slate-400">{i.email}</span>}
          </td>
          <td className={`${td} hidden whitespace-nowrap tabular-nums sm:table-cell`}>{i.number}</td>
          <td className={`${td} hidden [overflow-wrap:anywhere] md:table-cell`}>{i.email || <span className="text-slate-400 dark:text-slate-500">—</span>}</td>
          <td className={`${td} w-px whitespace-nowrap text-right`}>
            <span className="inline-flex gap-1">
              <IconButton icon="edit" label={t('contactLists.items.edit', { name: i.name })} onClick={() => onEdit(i)} />
              <IconButton icon="delete" label={t('contactLists.items.delete', { name: i.name })} onClick={() => onDelete(i)} />
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
