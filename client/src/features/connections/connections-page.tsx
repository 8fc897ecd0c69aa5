import { useAtomValue } from 'jotai'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ConnectionsAddMenu } from './connections-add-menu.tsx'
import { ConnectionsEditor } from './connections-editor.tsx'
import { ConnectionsImportCard } from './connections-import-card.tsx'
import { ConnectionsQrDialog } from './connections-qr-dialog.tsx'
import { ConnectionsTable } from './connections-table.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { useConnectionList, useConnectionSettings, type Channel } from './connections.ts'
import { useQueueOptions } from '../queues/index.ts'
import { hasRole } from '../../lib/access.ts'
import { useBrowserOnline, useSyncStatus } from '../../lib/local-first.ts'
import { newConnectionValues } from './connection-form.ts'
import { planAtom, userAtom } from '../../state/auth.ts'
import { localFirstAtom } from '../../state/local-first.ts'
import { importProgressAtom } from '../../state/ui.ts'
import { useConnectionEditing } from './use-connection-editing.ts'
import { FailedEventsDialog, useFailedEventCounts } from './failed-events.tsx'

const EMPTY = newConnectionValues()

/**
 * /connections (spec part 2 §2 Connections page; RouteGate lets in admins and users with allowConnections):
 * the company's connections from the local database, live, with the session actions of §4, the QR
 * dialog, the editor and the confirmations. Writes go to the API; the rows come back through sync.
 */
export default function ConnectionsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const plan = useAtomValue(planAtom)
  const db = useAtomValue(localFirstAtom)
  const { connections, loading, error } = useConnectionList()
  const queues = useQueueOptions()
  const settings = useConnectionSettings(me?.companyId)
  const editing = useConnectionEditing()
  const importing = useAtomValue(importProgressAtom)
  const sync = useSyncStatus()
  const online = useBrowserOnline()
  const firstSync = sync.lastSyncedAt === null && sync.state !== 'error' && online
  const canManage = me ? hasRole(me, 'connections') : false
  const channels: Channel[] = [
    ...(plan?.useWhatsapp ? (['whatsapp'] as const) : []),
    ...(plan?.useFacebook ? (['facebook'] as const) : []),
    ...(plan?.useInstagram ? (['instagram'] as const) : []),
  ]
  const qrRow = connections.find((c) => c.id === editing.qrFor)
  const failedEvents = useFailedEventCounts(canManage)
  const [inspecting, setInspecting] = useState<{ id: number; name: string } | null>(null)
  const closeInspecting = useCallback(() => setInspecting(null), [])
  const confirmText = editing.confirming?.kind ?? 'delete'

  const body = () => {
    if (db.state === 'failed') return <LoadingScreen label="" error={t('sync.localDbFailed')} />
    if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
    if (loading) return <LoadingScreen label={db.state === 'open' ? t('common.loading') : t('sync.opening')} />
    if (connections.length === 0 && firstSync) return <LoadingScreen label={t('sync.state.syncing')} />
    if (connections.length === 0) return <p className="py-8 text-center text-slate-500 dark:text-slate-400">{t('connections.empty')}</p>
    return (
      <ConnectionsTable
        connections={connections}
        canManage={canManage}
        onQrCode={editing.openQr}
        onSession={editing.session}
        onCloseImported={editing.askCloseImported}
        onEdit={editing.openEdit}
        onDelete={editing.askDelete}
        failedEvents={failedEvents}
        onFailedEvents={(c) => setInspecting({ id: c.id, name: c.name })}
      />
    )
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold">{t('connections.title')}</h1>
        {canManage && <ConnectionsAddMenu channels={channels} onPick={editing.openCreate} />}
      </div>
      {importing && <ConnectionsImportCard progress={importing} />}
      {body()}
      <ConnectionsEditor
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY}
        queues={queues}
        ratingsOn={settings.ratingsOn}
        showSchedules={settings.scheduleType === 'connection'}
        greetingMedia={editing.editing?.greetingMedia ?? null}
        status={editing.editing?.status ?? 'DISCONNECTED'}
        onClose={editing.closeEditor}
        onSave={editing.save}
      />
      <FailedEventsDialog whatsappId={inspecting?.id ?? null} name={inspecting?.name ?? ''} onClose={closeInspecting} />
      <ConnectionsQrDialog open={editing.qrFor !== null} qrcode={qrRow?.qrcode ?? ''} onClose={editing.closeQr} />
      <ConfirmDialog
        open={editing.confirming !== null}
        tone="danger"
        title={t(`connections.confirm.${confirmText}.title`)}
        text={t(`connections.confirm.${confirmText}.text`)}
        confirmLabel={t(`connections.confirm.${confirmText}.confirm`)}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelConfirm}
        onConfirm={() => void editing.confirm()}
      />
    </section>
  )
}
