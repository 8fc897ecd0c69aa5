import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { useBrowserOnline, useSyncStatus } from '../lib/local-first.ts'
import { localFirstAtom } from '../state/local-first.ts'
import { LoadingScreen } from './message-card.tsx'

interface LocalListStatusProps {
  loading: boolean
  error: unknown
  count: number
  /** A search is applied: an empty list then means "nothing matches", not "not synced yet". */
  searching: boolean
  emptyText: string
}

/**
 * What a list over the local database shows instead of its rows (null: show the rows): the local
 * database failed, the query failed, still opening or loading, the first sync of this session still on
 * its way (an empty list only means "not arrived yet" unless offline), or truly empty.
 */
export function LocalListStatus({ loading, error, count, searching, emptyText }: LocalListStatusProps) {
  const { t } = useTranslation()
  const db = useAtomValue(localFirstAtom)
  const sync = useSyncStatus()
  const online = useBrowserOnline()
  const firstSync = sync.lastSyncedAt === null && sync.state !== 'error' && online
  if (db.state === 'failed') return <LoadingScreen label="" error={t('sync.localDbFailed')} />
  if (error) return <LoadingScreen label="" error={t('common.listFailed')} />
  if (loading && count === 0) return <LoadingScreen label={db.state === 'open' ? t('common.loading') : t('sync.opening')} />
  if (count > 0) return null
  if (firstSync && !searching) return <LoadingScreen label={t('sync.state.syncing')} />
  return <p className="py-8 text-center text-slate-500 dark:text-slate-400">{emptyText}</p>
}
