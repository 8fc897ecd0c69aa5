import { useTranslation } from 'react-i18next'
import { IconButton } from '../../ui/button.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import type { PhraseCampaign } from './phrase-lists.ts'

const td = tdClass.replace('align-top', 'align-middle')

interface Props {
  rows: PhraseCampaign[]
  canDelete: boolean
  onEdit: (c: PhraseCampaign) => void
  onDelete: (c: PhraseCampaign) => void
}

/** Phrase campaigns table (spec part 2 §2): name, status (Ativo or Desativado), actions. */
export function PhraseListsTable({ rows, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  return (
    <TableCard
      testId="phrase-lists-table"
      head={
        <>
          <th className={thClass}>{t('phraseLists.columns.name')}</th>
          <th className={`${thClass} w-24 sm:w-32`}>{t('phraseLists.columns.status')}</th>
          <th className={`${thClass} w-28 text-right`}>{t('phraseLists.columns.actions')}</th>
        </>
      }
    >
      {rows.map((c) => (
        <tr key={c.id} data-testid="phrase-row" className={rowClass}>
          <td className={td}>
            <span className="block font-medium [overflow-wrap:anywhere]">{c.name}</span>
            <span className="block text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
              {t('phraseLists.rowDetail', { phrase: c.phrase, flow: c.flowName ?? `#${c.flowId}` })}
            </span>
          </td>
          <td className={td}>
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${c.status ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}>
              {t(c.status ? 'phraseLists.active' : 'phraseLists.inactive')}
            </span>
          </td>
          <td className={`${td} whitespace-nowrap text-right`}>
            <span className="inline-flex gap-0.5 sm:gap-1">
              <IconButton icon="edit" label={t('phraseLists.actions.edit', { name: c.name })} onClick={() => onEdit(c)} />
              {canDelete && <IconButton icon="delete" label={t('phraseLists.actions.delete', { name: c.name })} onClick={() => onDelete(c)} />}
            </span>
          </td>
        </tr>
      ))}
    </TableCard>
  )
}
