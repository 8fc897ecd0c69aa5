import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useMemo, useRef } from 'react'
import { useLiveQuery } from '../../lib/live-query.ts'
import { useLocalFirst } from '../../lib/local-first.ts'
import { arrivedUnread, toNotifications, unreadSeen, unreadTicketsQuery, type SeenUnread, type UnreadRow } from './ticket-notifications.ts'
import i18n from '../../i18n/index.ts'
import { userAtom } from '../../state/auth.ts'
import { notificationsAtom } from '../../state/notifications.ts'
import { volumeAtom } from '../../state/volume.ts'
import { navigateTo } from '../../lib/navigation.ts'

/** A short two-tone chime at the chosen volume (Web Audio: no sound file to fetch, works offline). */
function chime(volume: number) {
  if (volume <= 0 || typeof AudioContext === 'undefined') return
  const ctx = new AudioContext()
  const gain = ctx.createGain()
  gain.gain.value = volume * 0.3
  gain.connect(ctx.destination)
  ;[880, 1320].forEach((freq, i) => {
    const osc = ctx.createOscillator()
    osc.frequency.value = freq
    osc.connect(gain)
    osc.start(ctx.currentTime + i * 0.15)
    osc.stop(ctx.currentTime + i * 0.15 + 0.12)
  })
  setTimeout(() => void ctx.close().catch(() => {}), 600)
}

/**
 * Feeds the bell from the local database (which also sets the tab-title count) and, for each new message
 * from a contact on a ticket that rings, plays the chime and shows a browser notification that opens the
 * ticket. A browser without notifications is only logged (spec part 1 §2).
 */
export function useTicketNotifications() {
  const db = useLocalFirst()?.db ?? null
  const me = useAtomValue(userAtom)
  const volume = useAtomValue(volumeAtom)
  const setNotifications = useSetAtom(notificationsAtom)
  const userId = me?.id ?? 0
  const unread = useLiveQuery<UnreadRow>(db, useMemo(() => unreadTicketsQuery(userId), [userId]))
  const seen = useRef<SeenUnread | null>(null)
  const volumeNow = useRef(volume)
  volumeNow.current = volume

  useEffect(() => setNotifications(toNotifications(unread.rows)), [unread.rows, setNotifications])
  useEffect(() => () => setNotifications([]), [setNotifications])
  useEffect(() => {
    if (typeof Notification === 'undefined') console.info('notifications: this browser has no Notification API')
    else if (Notification.permission === 'default') void Notification.requestPermission().catch(() => {})
  }, [])
  useEffect(() => {
    if (unread.loading) return
    // The window's address is the router's (BrowserRouter); reading the router's location here would render
    // the whole shell again on every navigation.
    const row = arrivedUnread(unread.rows, seen.current, { visible: document.visibilityState === 'visible', path: location.pathname })
    seen.current = unreadSeen(unread.rows)
    if (!row) return
    chime(volumeNow.current)
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const body = row.last_message || i18n.t('notifications.media')
      const n = new Notification(row.contact_name ?? '', { body, tag: `ticket-${row.uuid}` })
      n.onclick = () => {
        window.focus()
        navigateTo(`/tickets/${row.uuid}`)
        n.close()
      }
    }
  }, [unread.rows, unread.loading])
}
