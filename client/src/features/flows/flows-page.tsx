import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useNearBottom } from '../../lib/use-near-bottom.ts'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { FlowNameDialog } from './flow-name-dialog.tsx'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { applyFlowEvent, fetchFlows, flowCalls, mergeFlows, type FlowRow } from './flows.ts'
import { FlowsTable, type FlowAction } from './flows-table.tsx'
import { navigateTo } from '../../lib/navigation.ts'



/**
 * /flowbuilders 'Fluxos de conversa' (spec part 2 §2 "Flow screens"; admins): search, add, status, the
 * row menu (edit name, edit flow, duplicate, delete) and infinite scroll. Online only.
 */
export default function FlowsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = usePagedRecords<FlowRow>(settled, (page, signal) => fetchFlows(settled, page, signal), mergeFlows)
  const [naming, setNaming] = useState<{ flow: FlowRow | null } | null>(null)
  const [deleting, setDeleting] = useState<FlowRow | null>(null)
  const sentinel = useNearBottom(list.loadMore)
  // A stable object: the dialog resets its values whenever `initial` changes.
  const nameInitial = useMemo(() => ({ name: naming?.flow?.name ?? '' }), [naming])
  const open = (f: FlowRow) => navigateTo(`/flowbuilder/${f.id}`)
  const { update } = list

  // Other admins' changes arrive live (spec part 2 §4 "Lists in general").
  useEffect(() => onRealtimeEvent((event, data) => update((rows) => applyFlowEvent(rows, event, data, settled))), [update, settled])

  const saveName = async ({ name }: { name: string }) => {
    const target = naming?.flow
    const saved = await saveOnline(() => (target ? flowCalls.rename(target.id, name) : flowCalls.create(name)))
    list.update((rows) => mergeFlows(rows.filter((r) => r.id !== saved.id), [saved]))
    pushToast('success', t(target ? 'flows.renamed' : 'flows.created'))
  }

  const act = async (f: FlowRow, action: FlowAction) => {
    if (action === 'open') return open(f)
    if (action === 'rename') return setNaming({ flow: f })
    if (action === 'delete') return setDeleting(f)
    try {
      const copy = await flowCalls.duplicate(f.id)
      list.update((rows) => mergeFlows(rows, [copy]))
      pushToast('success', t('flows.duplicated'))
    } catch (err) {
      toastError(err)
    }
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await flowCalls.remove(target.id)
      list.update((rows) => rows.filter((r) => r.id !== target.id))
      pushToast('success', t('flows.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="flows-title">{t('flows.title')}</h1>
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="flows-search" label={t('flows.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setNaming({ flow: null })} data-testid="flows-add">
          <Icon name="add" className="size-5" />
          {t('flows.add')}
        </Button>
      </div>
      {list.records.length === 0 ? (
        <ListStatus empty loading={list.loading} error={list.error} emptyText={t(settled.trim() ? 'flows.noMatch' : 'flows.empty')} testId="flows-empty" />
      ) : (
        <FlowsTable flows={list.records} onOpen={open} onAction={(f, a) => void act(f, a)} />
      )}
      {list.records.length > 0 && list.loading && <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <FlowNameDialog open={naming !== null} mode={naming?.flow ? 'edit' : 'create'} initial={nameInitial} onClose={() => setNaming(null)} onSave={saveName} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('flows.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('flows.deleteText')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
