import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { dismissToasts, pushToast } from '../../state/toasts.ts'
import { useTagChoices } from '../tags/index.ts'
import { ListStatus } from '../../ui/list-status.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDelete } from '../../ui/confirm-delete.tsx'
import { Icon } from '../../ui/icon.tsx'
import { SearchField } from '../../ui/search-field.tsx'
import { CampaignDialog } from './campaign-dialog.tsx'
import { cancelCampaign, deleteCampaign, restartCampaign, type Campaign } from './campaigns.ts'
import { CampaignsTable } from './campaigns-table.tsx'
import { useCampaignList } from './use-campaign-list.ts'
import { navigateTo } from '../../lib/navigation.ts'

/**
 * /campaigns (spec part 2 §2, §4; admins, plan useCampaigns, local flag cshow): the company's campaigns
 * with search, add, stop, restart, report, edit and delete, kept current by the live campaign events.
 * Online only: campaigns are the server's.
 */
export default function CampaignsPage() {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [search, setSearch] = useState('')
  const settled = useDebounced(search)
  const list = useCampaignList(settled)
  const tags = useTagChoices()
  const [editing, setEditing] = useState<{ campaign: Campaign | null } | null>(null)
  const [deleting, setDeleting] = useState<Campaign | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const tagNames = useMemo(() => new Map(tags.map((g) => [g.id, g.name])), [tags])
  const targetOf = (c: Campaign) =>
    c.contactList?.name ?? (c.tagListId ? t('campaigns.tagTarget', { name: tagNames.get(c.tagListId) ?? `#${c.tagListId}` }) : '')

  // Spec part 2 §8: a failed stop or restart shows the server's message as a toast.
  const act = async (c: Campaign, call: (id: number) => Promise<Campaign>, done: string) => {
    setBusyId(c.id)
    try {
      await call(c.id)
      pushToast('success', done)
    } catch (err) {
      toastError(err)
    } finally {
      setBusyId(null)
    }
  }
  const remove = async () => {
    const c = deleting
    setDeleting(null)
    if (!c) return
    try {
      await deleteCampaign(c.id)
      pushToast('success', t('campaigns.deleted'))
    } catch (err) {
      dismissToasts('success')
      toastError(err)
    }
  }

  const body = () => {
    if (list.records.length === 0) {
      const emptyText = t(settled.trim() ? 'campaigns.noMatch' : 'campaigns.empty')
      return <ListStatus empty loading={list.loading} error={list.error} emptyText={emptyText} testId="campaigns-empty" />
    }
    return (
      <>
        <CampaignsTable
          campaigns={list.records}
          targetOf={targetOf}
          busyId={busyId}
          onStop={(c) => void act(c, cancelCampaign, t('campaigns.stopped'))}
          onRestart={(c) => void act(c, restartCampaign, t('campaigns.restarted'))}
          onReport={(c) => navigateTo(`/campaign/${c.id}/report`)}
          onEdit={(c) => setEditing({ campaign: c })}
          onDelete={setDeleting}
        />
        {list.error !== null && <p className="text-center text-sm text-red-600 dark:text-red-400">{errorMessage(list.error)}</p>}
        {list.hasMore && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.loading} data-testid="campaigns-more">
              {list.loading ? t('common.loading') : t('campaigns.loadMore')}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold" data-testid="campaigns-title">{t('campaigns.title')}</h1>
        {/* On a phone the search takes its own full row under the title and the add button. */}
        <div className="order-last w-full sm:order-none sm:w-auto [&>div]:max-w-none sm:[&>div]:max-w-xs">
          <SearchField id="campaigns-search" label={t('campaigns.search')} value={search} onChange={setSearch} />
        </div>
        <Button className="shrink-0" data-testid="campaign-add" disabled={!online} onClick={() => setEditing({ campaign: null })}>
          <Icon name="add" className="size-5" />
          {t('campaigns.add')}
        </Button>
      </div>
      {!online && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">{t('campaigns.offline')}</p>}
      {body()}
      <CampaignDialog open={editing !== null} campaign={editing?.campaign ?? null} onClose={() => setEditing(null)} />
      <ConfirmDelete
        open={deleting !== null}
        title={t('campaigns.deleteTitle')}
        text={t('campaigns.deleteText', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
