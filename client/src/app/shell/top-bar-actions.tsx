import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AnnouncementDialog, AnnouncementsPopover, priorityColor, useAnnouncements } from '../../features/announcements/index.ts'
import { NotificationsPopover } from '../../features/tickets/index.ts'
import { TopBarButton } from './top-bar.tsx'
import { VolumePopover } from './volume-popover.tsx'
import { formatDay } from '../../lib/format.ts'
import { useMediaUrl } from '../../lib/media.ts'
import type { Announcement } from '../../lib/types.ts'
import { notificationsAtom } from '../../state/notifications.ts'
import { themeAtom, toggleThemeAtom } from '../../state/theme.ts'
import { volumeAtom } from '../../state/volume.ts'
import { AccountMenu } from './account-menu.tsx'
import { ChatsButton } from '../../features/chats/index.ts'
import { SyncStatusButton } from './sync-status-button.tsx'
import { navigateTo } from '../../lib/navigation.ts'

/** The top bar's buttons: sync status, theme, volume, refresh, notifications, announcements, internal chat, account. */
export function TopBarActions({ compact }: { compact: boolean }) {
  const { t } = useTranslation()
  const theme = useAtomValue(themeAtom)
  const toggleTheme = useSetAtom(toggleThemeAtom)
  const [volume, setVolume] = useAtom(volumeAtom)
  const notifications = useAtomValue(notificationsAtom)
  const announcements = useAnnouncements(true)
  const [opened, setOpened] = useState<Announcement | null>(null)
  const imageUrl = useMediaUrl(opened?.companyId, opened?.mediaPath)

  const items = announcements.map((a) => ({ id: a.id, title: a.title, text: a.text, date: formatDay(a.createdAt), color: priorityColor(a.priority) }))

  return (
    <>
      <SyncStatusButton />
      <TopBarButton icon={theme === 'dark' ? 'sun' : 'moon'} label={t('layout.toggleTheme')} onClick={toggleTheme} />
      {!compact && <VolumePopover volume={volume} onChange={setVolume} label={t('layout.volume')} />}
      {!compact && <TopBarButton icon="refresh" label={t('layout.refresh')} onClick={() => location.reload()} />}
      <NotificationsPopover
        items={notifications}
        label={t('layout.notifications')}
        emptyText={t('layout.noNotifications')}
        onOpenItem={(id) => {
          const n = notifications.find((x) => x.id === id)
          if (n) navigateTo(n.path)
        }}
      />
      <AnnouncementsPopover items={items} label={t('layout.announcements')} emptyText={t('layout.noAnnouncements')} onOpen={(id) => setOpened(announcements.find((a) => a.id === id) ?? null)} />
      <ChatsButton />
      <AccountMenu />
      <AnnouncementDialog announcement={opened} imageUrl={imageUrl} closeLabel={t('common.close')} onClose={() => setOpened(null)} />
    </>
  )
}
