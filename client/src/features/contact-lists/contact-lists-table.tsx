import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import type { ContactList } from './contact-lists.ts'

/** Cells centred on the row's action buttons. */
const td = tdClass.replace('align-top', 'align-middle')

interface Props {
  lists: ContactList[]
  onSample: (list: ContactList) => void
  onOpen: (list: ContactList) => void
  onEdit: (list: ContactList) => void
  onDelete: (list: ContactList) => void
}

/** Contact lists table (spec part 2 §2): name, contacts count; actions sample spreadsheet, contacts, edit, delete. */
export function ContactListsTable({ lists, onSample, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const h = (k: string) => t(`contactLists.columns.${k}`)
  return (
    <TableCard
      testId="contact-lists-table"
      head={
        <>
          <th className={thClass}>{h('name')}</th>
          <th className={`${thClass.replace('text-left', 'text-right')} hidden w-32 sm:table-cell`}>{h('contacts')}</th>
          <th className={`${thClass} text-right`}>{h('actions')}</th>
        </>
      }
    >
      {lists.map((l) => (
        <tr key={l.id} data-testid="contact-list-row" className={rowClass}>
          <td className={td}>
            <button type="button" className="text-left font-medium [overflow-wrap:anywhere] hover:text-brand hover:underline" onClick={() => onOpen(l)}>
              {l.name}
            </button>
            <span className="block text-xs text-slate-500 sm:hidden dark:text-slate-400">{t('contactLists.contactsCount', { count: l.contactsCount })}</span>
          </td>
          <td className={`${td} hidden text-right tabular-nums sm:table-cell`} data-testid="contact-list-count">{l.contactsCount}</td>
          <td className={`${td} w-px whitespace-nowrap text-right`}>
            <span className="inline-flex gap-0.5 sm:gap-1">
              <IconButton icon="download" label={t('contactLists.actions.sample', { name: l.name })} onClick={() => onSample(l)} />
              <IconButton icon="contacts" label={t('contactLists.actions.contacts', { name: l.name })} onClick={() => onOpen(l)} />
              <IconButton icon="edit" label={t('contactLists.actions.edit', { name: l.name })} onClick={() => onEdit(l)} />
              <IconButton icon="delete" label={t('contactLists.actions.delete', { name: l.name })} onClick={() => onDelete(l)} />
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
