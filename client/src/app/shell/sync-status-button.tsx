import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { SyncIndicator, type PendingWriteItem } from './sync-indicator.tsx'
import { errorText } from '../../lib/errors.ts'
import { useBrowserOnline, useOutbox, useSyncStatus } from '../../lib/local-first.ts'
import { describeWrite, syncIndicatorState } from './sync-indicator-state.ts'
import i18n from '../../i18n/index.ts'
import { localFirstAtom } from '../../state/local-first.ts'

const translate = (key: string) => (i18n.exists(key) ? i18n.t(key) : null)

/** The sync dot of the top bar with the writes the server has not accepted yet. */
export function SyncStatusButton() {
  const { t } = useTranslation()
  const db = useAtomValue(localFirstAtom).state
  const sync = useSyncStatus()
  const online = useBrowserOnline()
  const outbox = useOutbox()
  const { state, error } = syncIndicatorState(db, sync, online)
  const stateText = t(`sync.state.${state}`)
  const label = error ? `${stateText}: ${errorText({ error }, translate)}` : stateText

  const writes: PendingWriteItem[] = outbox.writes.map((w) => {
    const s = describeWrite(w)
    const resource = i18n.exists(`sync.resources.${s.resource}`) ? t(`sync.resources.${s.resource}`) : s.resource
    const detail = s.failed ? errorText({ error: s.error }, translate) : s.lastFailure ? t('sync.waitingRetry') : t('sync.queued')
    return { id: s.id, title: `${t(`sync.actions.${s.action}`, { resource })}: ${s.subject}`, detail, failed: s.failed }
  })

  return (
    <SyncIndicator
      state={state}
      label={writes.length ? `${label} · ${t('sync.pendingCount', { count: writes.length })}` : label}
      writes={writes}
      heading={t('sync.pendingTitle')}
      emptyText={t('sync.nothingPending')}
      retryLabel={t('sync.retry')}
      discardLabel={t('sync.discard')}
      onRetry={outbox.retry}
      onDiscard={outbox.discard}
    />
  )
}
