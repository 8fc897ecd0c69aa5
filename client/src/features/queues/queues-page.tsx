import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { Icon } from '../../ui/icon.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { QueueEditor } from './queue-editor.tsx'
import { QueuesTable } from './queues-table.tsx'
import { MoveTicketsDialog } from './move-tickets-dialog.tsx'
import { useBrowserOnline, useSyncStatus } from '../../lib/local-first.ts'
import { newQueueValues } from './queue-form.ts'
import { useQueueList, useScheduleType, useUserOptions } from './queues.ts'
import { localFirstAtom } from '../../state/local-first.ts'
import { serverProblemsOf, useQueueEditing } from './use-queue-editing.ts'

const EMPTY = newQueueValues()

/**
 * /queues (spec part 2 §2 Queues page; admin only, RouteGate shows the no-access view to others): the
 * company's queues from the local database, live, with add, edit and delete. The editor holds the queue
 * data with its chatbot option tree, and the service hours when scheduleType is 'queue'. Writes are
 * online only (the server checks colour and name uniqueness and the option rules).
 */
export default function QueuesPage() {
  const { t } = useTranslation()
  const db = useAtomValue(localFirstAtom)
  const { queues, loading, error } = useQueueList()
  const users = useUserOptions()
  const scheduleType = useScheduleType()
  const editing = useQueueEditing(queues.map((q) => q.color))
  const sync = useSyncStatus()
  const online = useBrowserOnline()
  const firstSync = sync.lastSyncedAt === null && sync.state !== 'error' && online
  const queueOptions = queues.map((q) => ({ value: String(q.id), label: q.name }))

  const body = () => {
    if (db.state === 'failed') return <LoadingScreen label="" error={t('sync.localDbFailed')} />
    if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
    if (loading) return <LoadingScreen label={db.state === 'open' ? t('common.loading') : t('sync.opening')} />
    if (queues.length === 0 && firstSync) return <LoadingScreen label={t('sync.state.syncing')} />
    if (queues.length === 0) return <p className="py-8 text-center text-slate-500 dark:text-slate-400">{t('queues.empty')}</p>
    return <QueuesTable queues={queues} canWrite={online} onEdit={editing.openEdit} onDelete={editing.askDelete} />
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('queues.title')}</h1>
        <Button onClick={editing.openCreate} disabled={!online}>
          <Icon name="add" className="size-5" />
          {t('queues.add')}
        </Button>
      </div>
      {!online && <p role="note" className="rounded bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300">{t('queues.offline')}</p>}
      {body()}
      <QueueEditor
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY}
        queues={queueOptions}
        users={users}
        showHours={scheduleType === 'queue'}
        greetingRequired={queues.length - (editing.editing?.mode === 'edit' ? 1 : 0) > 0}
        online={online}
        onClose={editing.closeEditor}
        onSave={editing.save}
        serverProblems={serverProblemsOf}
      />
      <ConfirmDialog
        open={editing.deleting !== null}
        tone="danger"
        title={t('queues.deleteTitle')}
        text={t('queues.deleteText', { name: editing.deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelDelete}
        onConfirm={() => void editing.confirmDelete()}
      />
      <MoveTicketsDialog
        deleting={editing.moving}
        queues={queues.filter((q) => q.id !== editing.moving?.row.id)}
        onCancel={editing.cancelMove}
        onConfirm={(moveTo) => editing.confirmMove(moveTo)}
      />
    </section>
  )
}
