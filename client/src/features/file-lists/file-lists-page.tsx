import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useNearBottom } from '../../lib/use-near-bottom.ts'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { FileListDialog } from './file-list-dialog.tsx'
import { fileListRequestBody, fileListValuesOf, newFileListValues, uploadPairs, type FileListFormValues } from './file-list-form.ts'
import { applyFileListEvent, fetchFileLists, fileListCalls, mergeFileLists, type FileList } from './file-lists.ts'

const BLANK = newFileListValues()
const td = tdClass.replace('align-top', 'align-middle')

/**
 * /files 'Lista de arquivos' (spec part 2 §2 "File lists"; admins): search, add, the table of names with
 * edit and delete, infinite scroll, and the dialog with its repeatable files. Online only.
 */
export default function FileListsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = usePagedRecords<FileList>(settled, (page, signal) => fetchFileLists(settled, page, signal), mergeFileLists)
  const [editing, setEditing] = useState<{ target: FileList | null; initial: FileListFormValues } | null>(null)
  const [deleting, setDeleting] = useState<FileList | null>(null)
  const sentinel = useNearBottom(list.loadMore)
  const { update } = list
  // Other admins' changes arrive live (spec part 2 §9: company-{id}-file).
  useEffect(() => onRealtimeEvent((event, data) => update((rows) => applyFileListEvent(rows, event, data, settled))), [update, settled])

  const save = async (values: FileListFormValues) => {
    const target = editing?.target
    const body = fileListRequestBody(values)
    let saved = await saveOnline(() => (target ? fileListCalls.update(target.id, body) : fileListCalls.create(body)))
    const pairs = uploadPairs(values, saved)
    try {
      if (pairs.length) saved = await fileListCalls.upload(saved.id, pairs)
      pushToast('success', t('fileLists.saved'))
    } catch (err) {
      // The list is saved; its files are not: say so, never a plain success.
      toastError(err)
      pushToast('error', t('fileLists.filesNotSent'))
    }
    list.update((rows) => mergeFileLists(rows.filter((r) => r.id !== saved.id), [saved]))
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await fileListCalls.remove(target.id)
      list.update((rows) => rows.filter((r) => r.id !== target.id))
      pushToast('success', t('fileLists.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('fileLists.title')}</h1>
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="file-lists-search" label={t('fileLists.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setEditing({ target: null, initial: BLANK })} data-testid="file-lists-add">
          <Icon name="add" className="size-5" />
          {t('fileLists.add')}
        </Button>
      </div>
      {list.records.length === 0 ? (
        <ListStatus empty loading={list.loading} error={list.error} emptyText={t(settled.trim() ? 'fileLists.noMatch' : 'fileLists.empty')} testId="file-lists-empty" />
      ) : (
        <TableCard
          testId="file-lists-table"
          head={
            <>
              <th className={thClass}>{t('fileLists.columns.name')}</th>
              <th className={`${thClass} w-24 text-right`}>{t('fileLists.columns.actions')}</th>
            </>
          }
        >
          {list.records.map((f) => (
            <tr key={f.id} data-testid="file-list-row" className={rowClass}>
              <td className={`${td} font-medium [overflow-wrap:anywhere]`}>
                {f.name}
                <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{t('fileLists.count', { count: f.options.filter((o) => o.path).length })}</span>
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <span className="inline-flex gap-0.5 sm:gap-1">
                  <IconButton icon="edit" label={t('fileLists.actions.edit', { name: f.name })} onClick={() => setEditing({ target: f, initial: fileListValuesOf(f) })} />
                  <IconButton icon="delete" label={t('fileLists.actions.delete', { name: f.name })} onClick={() => setDeleting(f)} />
                </span>
              </td>
            </tr>
          ))}
        </TableCard>
      )}
      {list.records.length > 0 && list.loading && <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <FileListDialog open={editing !== null} mode={editing?.target ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('fileLists.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('fileLists.deleteText')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
