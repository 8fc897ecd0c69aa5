import { useAtomValue } from 'jotai'
import { useMemo } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { PendingBadge, PendingWriteList, SyncIndicator, type PendingWriteItem } from './sync-indicator.tsx'
import { errorMessage } from '../../lib/errors.ts'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useBrowserOnline, useLocalDb, useOutbox, useSyncStatus } from '../../lib/local-first.ts'
import { describeWrite, syncIndicatorState, writeNamesQuery, type WriteSummary } from './sync-indicator-state.ts'
import i18n from '../../i18n/index.ts'
import { localFirstAtom } from '../../state/local-first.ts'

type Names = Map<string, string>

/** The names the pending writes refer to, read live from the browser's database. */
function useWriteNames(summaries: WriteSummary[]): Names {
  const refs = summaries.map((s) => s.refs)
  const key = JSON.stringify(refs)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => writeNamesQuery(refs), [key])
  const { rows } = useLiveQuery<{ kind: string; id: number; name: string | null }>(useLocalDb(), query)
  return useMemo(() => new Map(rows.filter((r) => r.name).map((r) => [`${r.kind}:${r.id}`, r.name!])), [rows])
}

/** 'Resposta para Maria: “Olá…”', 'Aceitar o atendimento #12 (Maria)', 'Alterar usuário: Dora'. */
function writeTitle(s: WriteSummary, names: Names, t: TFunction): string {
  const ticketName = s.refs.ticketId !== undefined ? names.get(`ticket:${s.refs.ticketId}`) : undefined
  const recordName =
    (s.refs.userId !== undefined && names.get(`user:${s.refs.userId}`)) ||
    (s.refs.contactId !== undefined && names.get(`contact:${s.refs.contactId}`)) ||
    (s.refs.quickMessageId !== undefined && names.get(`quickMessage:${s.refs.quickMessageId}`)) ||
    undefined
  const id = s.refs.userId ?? s.refs.contactId ?? s.refs.quickMessageId
  const subject = String(s.vars.subject || recordName || (id !== undefined ? `#${id}` : ''))
  const who = ticketName ?? t('sync.writes.ticketRef', { ticket: s.vars.ticket })
  const of = ticketName ? ` (${ticketName})` : ''
  const setting = s.key === 'setting' && i18n.exists(`settings.options.${s.vars.setting}`) ? t(`settings.options.${s.vars.setting}`) : s.vars.setting
  return t(`sync.writes.${s.key}`, { ...s.vars, who, of, subject, setting })
}

/** The sync dot of the top bar with the writes the server has not accepted yet. */
export function SyncStatusButton() {
  const { t } = useTranslation()
  const db = useAtomValue(localFirstAtom).state
  const sync = useSyncStatus()
  const online = useBrowserOnline()
  const { state, error } = syncIndicatorState(db, sync, online)
  const stateText = t(`sync.state.${state}`)
  const label = error ? `${stateText}: ${errorMessage({ error })}` : stateText
  return (
    <SyncIndicator state={state} label={label} badge={PENDING_BADGE} heading={t('sync.pendingTitle')}>
      {PENDING_WRITES}
    </SyncIndicator>
  )
}

/** The outbox's count, the one part of the button that follows each write. */
function LivePendingBadge() {
  const { t } = useTranslation()
  const count = useOutbox().writes.length
  return <PendingBadge count={count} text={t('sync.pendingCount', { count })} />
}

/** The open panel's list: the pending writes named from the local database. */
function PendingWrites() {
  const { t } = useTranslation()
  const outbox = useOutbox()
  const summaries = outbox.writes.map(describeWrite)
  const names = useWriteNames(summaries)
  const writes: PendingWriteItem[] = summaries.map((s) => {
    const detail = s.failed ? errorMessage({ error: s.error }) : s.lastFailure ? t('sync.waitingRetry') : t('sync.queued')
    return { id: s.id, title: writeTitle(s, names, t), detail, failed: s.failed }
  })
  return (
    <PendingWriteList
      writes={writes}
      emptyText={t('sync.nothingPending')}
      retryLabel={t('sync.retry')}
      discardLabel={t('sync.discard')}
      onRetry={outbox.retry}
      onDiscard={outbox.discard}
    />
  )
}

// One element each, so that the memoised indicator sees the same children on every render.
const PENDING_BADGE = <LivePendingBadge />
const PENDING_WRITES = <PendingWrites />
