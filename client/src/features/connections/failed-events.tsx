import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../lib/api.ts'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { formatShortDateTime } from '../../lib/format.ts'

/** GET /whatsapp/failed-events: per connection, how many channel events were set aside (issue 15 item 4). */
export interface FailedEventCount {
  whatsappId: number
  count: number
  lastAt: string
}

export interface FailedEvent {
  id: number
  kind: string
  externalId: string | null
  error: string
  attempts: number
  createdAt: string
}

export const fetchFailedEventCounts = () => api<FailedEventCount[]>('/whatsapp/failed-events')
export const fetchFailedEvents = (whatsappId: number) => api<FailedEvent[]>(`/whatsapp/${whatsappId}/failed-events`)

/**
 * The set-aside counts for the Connections page, asked once per visit while online and only by those
 * who manage connections (the call is theirs). The events are rare and kept until looked at; a count
 * taken at the page's opening is enough to point at them.
 */
export function useFailedEventCounts(enabled: boolean): Map<number, number> {
  const online = useBrowserOnline()
  const [counts, setCounts] = useState(new Map<number, number>())
  useEffect(() => {
    if (!enabled || !online) return
    let current = true
    fetchFailedEventCounts()
      .then((rows) => current && setCounts(new Map(rows.map((r) => [r.whatsappId, r.count]))))
      .catch(() => {
        // Only a pointer: the page works without it.
      })
    return () => {
      current = false
    }
  }, [enabled, online])
  return counts
}

/** The button in a connection's row that opens its set-aside events. */
export function FailedEventsButton({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation()
  if (!count) return null
  return (
    <Button variant="danger" data-testid="failed-events-open" onClick={onOpen} className="whitespace-nowrap">
      {t('connections.failedEvents.button', { count })}
    </Button>
  )
}

/**
 * The events a connection's pipeline could not store after several tries and set aside so the
 * connection could move on (issue 15 item 4): what, which message id, why, how many tries, when.
 */
export function FailedEventsDialog({ whatsappId, name, onClose }: { whatsappId: number | null; name: string; onClose: () => void }) {
  const { t } = useTranslation()
  const [events, setEvents] = useState<FailedEvent[] | null>(null)
  useEffect(() => {
    setEvents(null)
    if (whatsappId === null) return
    let current = true
    fetchFailedEvents(whatsappId)
      .then((rows) => current && setEvents(rows))
      .catch((err: unknown) => {
        toastError(err)
        onClose()
      })
    return () => {
      current = false
    }
  }, [whatsappId, onClose])
  return (
    <Modal open={whatsappId !== null} onClose={onClose} title={t('connections.failedEvents.title', { name })} closeLabel={t('common.close')}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('connections.failedEvents.intro')}</p>
      {events === null ? (
        <p className="text-sm text-slate-500">{t('common.loading')}</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-500">{t('connections.failedEvents.empty')}</p>
      ) : (
        <ul className="flex max-h-96 flex-col gap-2 overflow-auto" data-testid="failed-events">
          {events.map((e) => (
            <li key={e.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
              <p className="flex flex-wrap justify-between gap-2 font-semibold">
                <span>{t(`connections.failedEvents.kinds.${e.kind}`, { defaultValue: e.kind })}</span>
                <span className="font-normal tabular-nums text-slate-500 dark:text-slate-400">{formatShortDateTime(e.createdAt)}</span>
              </p>
              <p className="mt-1 break-words font-mono text-xs text-red-700 dark:text-red-300">{e.error}</p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {t('connections.failedEvents.attempts', { count: e.attempts })}
                {e.externalId && ` · ${t('connections.failedEvents.externalId', { id: e.externalId })}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}
