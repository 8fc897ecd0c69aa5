import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError } from '../../lib/errors.ts'
import { saveOnline } from '../../lib/outbox-save.ts'
import { onRealtimeEvent } from '../../lib/realtime.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useNearBottom } from '../../lib/use-near-bottom.ts'
import { usePagedRecords } from '../../lib/use-paged-records.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { ListStatus } from '../../ui/list-status.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { useFlowOptions } from '../flows/index.ts'
import { IntegrationDialog } from './integration-dialog.tsx'
import { integrationRequestBody, integrationValuesOf, newIntegrationValues, type IntegrationFormValues } from './integration-form.ts'
import { applyIntegrationEvent, fetchIntegrations, integrationCalls, mergeIntegrations, type Integration } from './integrations.ts'
import { IntegrationsTable } from './integrations-table.tsx'

const BLANK = newIntegrationValues()


/**
 * /queue-integration 'Integrações' (spec part 2 §2 "Integrations"; admins, plan useIntegrations): search,
 * add, the table with edit and delete, infinite scroll and the per-type dialog. Online only.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = usePagedRecords<Integration>(settled, (page, signal) => fetchIntegrations(settled, page, signal), mergeIntegrations)
  const [editing, setEditing] = useState<{ target: Integration | null; initial: IntegrationFormValues } | null>(null)
  const [deleting, setDeleting] = useState<Integration | null>(null)
  const flows = useFlowOptions(editing !== null)
  const sentinel = useNearBottom(list.loadMore)
  const { update } = list

  // Other admins' changes arrive live (spec part 2 §4 "Lists in general").
  useEffect(() => onRealtimeEvent((event, data) => update((rows) => applyIntegrationEvent(rows, event, data, settled))), [update, settled])

  const save = async (values: IntegrationFormValues) => {
    const target = editing?.target
    const body = integrationRequestBody(values)
    const saved = await saveOnline(() => (target ? integrationCalls.update(target.id, body) : integrationCalls.create(body)))
    list.update((rows) => mergeIntegrations(rows.filter((r) => r.id !== saved.id), [saved]))
    pushToast('success', t(target ? 'integrations.updated' : 'integrations.created'))
  }

  const remove = async () => {
    const target = deleting
    setDeleting(null)
    if (!target) return
    try {
      await integrationCalls.remove(target.id)
      list.update((rows) => rows.filter((r) => r.id !== target.id))
      pushToast('success', t('integrations.deleted'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="integrations-title">{t('integrations.title')}</h1>
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="integrations-search" label={t('integrations.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" onClick={() => setEditing({ target: null, initial: BLANK })} data-testid="integrations-add">
          <Icon name="add" className="size-5" />
          {t('integrations.add')}
        </Button>
      </div>
      {list.records.length === 0 ? (
        <ListStatus empty loading={list.loading} error={list.error} emptyText={t(settled.trim() ? 'integrations.noMatch' : 'integrations.empty')} testId="integrations-empty" />
      ) : (
        <IntegrationsTable rows={list.records} onEdit={(i) => setEditing({ target: i, initial: integrationValuesOf(i) })} onDelete={setDeleting} />
      )}
      {list.records.length > 0 && list.loading && <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t('common.loading')}</p>}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <IntegrationDialog
        open={editing !== null}
        mode={editing?.target ? 'edit' : 'create'}
        initial={editing?.initial ?? BLANK}
        hasJsonContent={editing?.target?.hasJsonContent === true}
        integrationId={editing?.target?.id ?? null}
        flows={flows}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <ConfirmDelete
        open={deleting !== null}
        title={t('integrations.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('integrations.deleteText')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
