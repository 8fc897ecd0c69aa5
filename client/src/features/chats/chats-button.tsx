import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { ChatsPopover } from './chats-popover.tsx'
import { myUnreads, totalUnreads } from './chats.ts'
import { useChatList } from './use-chats.ts'
import { planAtom, userAtom } from '../../state/auth.ts'
import { navigateTo } from '../../lib/navigation.ts'

/** The top bar's internal-chat popover, only for companies whose plan has useInternalChat (spec part 2 §6). */
export function ChatsButton() {
  const plan = useAtomValue(planAtom)
  if (!plan?.useInternalChat) return null
  return <ChatsButtonLive />
}

function ChatsButtonLive() {
  const { t } = useTranslation()
  const userId = useAtomValue(userAtom)?.id ?? 0
  const { chats } = useChatList('')
  const items = chats.map((c) => ({ uuid: c.uuid, title: c.title, lastMessage: c.lastMessage, unreads: myUnreads(c, userId) }))
  return (
    <ChatsPopover
      items={items}
      total={totalUnreads(chats, userId)}
      label={t('chats.popover.label')}
      emptyText={t('chats.popover.empty')}
      allLabel={t('chats.popover.all')}
      onOpen={(uuid) => navigateTo(`/chats/${uuid}`)}
      onOpenAll={() => navigateTo('/chats')}
    />
  )
}
