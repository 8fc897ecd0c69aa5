import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button, IconButton } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { rowClass, TableCard, tdClass, thClass } from '../../ui/table-card.tsx'
import { AutoReplyDialog } from './auto-reply-dialog.tsx'
import { applyAutoReplyEvent, autoReplyCalls, autoReplyValuesOf, fetchAutoReplies, mergeAutoReplies, newAutoReplyValues, type AutoReply, type AutoReplyFormValues } from './auto-replies.ts'

const BLANK = newAutoReplyValues()

/**
 * /auto-replies (spec part 2 §2: table of keyword, condition, response and actions with a load-more
 * button; admins). Whether the rules answer is the company's autoReply switch in Configurações → Opções.
 */
export default function AutoRepliesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = usePagedRecords<AutoReply>(settled, (page, signal) => fetchAutoReplies(settled, page, signal), mergeAutoReplies)
  const [editing, setEditing] = useState<{ target: AutoReply | null; initial: AutoReplyFormValues } | null>(null)
  const [deleting, setDeleting] = useState<AutoReply | null>(null)
  const { update } = list
  // Other admins' changes arrive live (company-{id}-autoReply).
  useEffect(() => onRealtimeEvent((event, data) => update((rows) => applyAutoReplyEvent(rows, event, data, settled))), [update, settled])

  const save = async (values: AutoReplyFormValues) => {
    const target = editing?.target
    const body = { keyword: values.keyword.trim(), condition: values.condition, response: values.response.trim() }
    let saved = await saveOnline(() => (target ? autoReplyCalls.update(target.id, body) : autoReplyCalls.create(body)))
    try {
      if (values.file) saved = await autoReplyCalls.attach(saved.id, values.file)
      else if (values.removeMedia && saved.mediaPath) saved = await autoReplyCalls.detach(saved.id)
      pushToast('success', t('autoReplies.saved'))
    } catch (err) {
      // The rule is saved; its file change is not: say so, never a plain success.
      toastError(err)
      pushToast('error', t('autoReplies.fileNotSaved'))
    }
    list.update((rows) => mergeAutoReplies(rows.filter((r) => r.id !== saved.id), [saved]))
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await autoReplyCalls.remove(target.id)
      list.update((rows) => rows.filter((r) => r.id !== target.id))
      pushToast('success', t('autoReplies.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  const td = tdClass
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('autoReplies.title')}</h1>
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="auto-replies-search" label={t('autoReplies.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setEditing({ target: null, initial: BLANK })} data-testid="auto-replies-add">
          <Icon name="add" className="size-5" />
          {t('autoReplies.add')}
        </Button>
      </div>
      {list.records.length === 0 ? (
        <ListStatus empty loading={list.loading} error={list.error} emptyText={t(settled.trim() ? 'autoReplies.noMatch' : 'autoReplies.empty')} testId="auto-replies-empty" />
      ) : (
        <TableCard
          testId="auto-replies-table"
          head={
            <>
              <th className={thClass}>{t('autoReplies.columns.keyword')}</th>
              <th className={`${thClass} hidden sm:table-cell`}>{t('autoReplies.columns.condition')}</th>
              <th className={thClass}>{t('autoReplies.columns.response')}</th>
              <th className={`${thClass} w-24 text-right`}>{t('autoReplies.columns.actions')}</th>
            </>
          }
        >
          {list.records.map((r) => (
            <tr key={r.id} data-testid="auto-reply-row" className={rowClass}>
              <td className={`${td} font-medium [overflow-wrap:anywhere]`}>
                {r.keyword}
                <span className="block text-xs font-normal text-slate-500 sm:hidden dark:text-slate-400">{t(`autoReplies.conditions.${r.condition}`)}</span>
              </td>
              <td className={`${td} hidden sm:table-cell`}>{t(`autoReplies.conditions.${r.condition}`)}</td>
              <td className={`${td} [overflow-wrap:anywhere]`}>
                <span className="line-clamp-2">{r.response}</span>
                {r.mediaName && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{t('autoReplies.fileLabel', { name: r.mediaName })}</span>}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <span className="inline-flex gap-0.5 sm:gap-1">
                  <IconButton icon="edit" label={t('autoReplies.actions.edit', { name: r.keyword })} onClick={() => setEditing({ target: r, initial: autoReplyValuesOf(r) })} />
                  <IconButton icon="delete" label={t('autoReplies.actions.delete', { name: r.keyword })} onClick={() => setDeleting(r)} />
                </span>
              </td>
            </tr>
          ))}
        </TableCard>
      )}
      {list.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={list.loadMore} disabled={list.loading} data-testid="auto-replies-more">{t('autoReplies.loadMore')}</Button>
        </div>
      )}
      <AutoReplyDialog open={editing !== null} mode={editing?.target ? 'edit' : 'create'} initial={editing?.initial ?? BLANK} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('autoReplies.deleteTitle', { name: deleting?.keyword ?? '' })}
        text={t('autoReplies.deleteText')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
