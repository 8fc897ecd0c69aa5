import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import type { Chat } from './chats.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { useChat, useChatList, useChatUserChoices } from './use-chats.ts'
import { userAtom } from '../../state/auth.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { useMediaQuery, WIDE_QUERY } from '../../state/ui.ts'
import { ChatDialog } from './chat-dialog.tsx'
import { ChatListPanel } from './chat-list-panel.tsx'
import { ChatPane } from './chat-pane.tsx'
import { useChatEditing } from './use-chat-editing.ts'
import { NarrowTabs } from '../../ui/narrow-tabs.tsx'
import { navigateTo } from '../../lib/navigation.ts'

type NarrowTab = 'chats' | 'messages'

/**
 * /chats and /chats/{uuid} (spec part 2 §2 Internal chat; plan useInternalChat): the user's chats on the
 * left, the open chat's messages on the right; below 600 px two tabs, Chats and Messages.
 */
export default function ChatsPage() {
  const { t } = useTranslation()
  const { uuid } = useParams()
  const userId = useAtomValue(userAtom)?.id ?? 0
  const wide = useMediaQuery(WIDE_QUERY)
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(uuid ? 'messages' : 'chats')
  // A chat opened from elsewhere (the top-bar popover) shows its messages on narrow screens too.
  const [shownUuid, setShownUuid] = useState(uuid)
  if (uuid !== shownUuid) {
    setShownUuid(uuid)
    if (uuid) setNarrowTab('messages')
  }
  const [search, setSearch] = useState('')
  const list = useChatList(useDebounced(search))
  const { chat, loading } = useChat(uuid)
  const online = useBrowserOnline()

  const open = (c: { uuid: string }) => {
    setNarrowTab('messages')
    navigateTo(`/chats/${c.uuid}`)
  }
  const editing = useChatEditing(userId, open, (c: Chat) => {
    if (c.uuid === uuid) navigateTo('/chats')
  })
  const users = useChatUserChoices(editing.editing !== null)

  const pane = () => {
    if (!uuid) return <Placeholder text={t('chats.selectChat')} />
    if (loading) return <LoadingScreen label={t('common.loading')} />
    if (!chat) return <Placeholder text={t('chats.notFound')} />
    return (
      <ChatPane
        key={chat.id}
        chat={chat}
        userId={userId}
        onBack={wide ? undefined : () => setNarrowTab('chats')}
        onEdit={() => editing.openEdit(chat)}
        onDelete={() => editing.askDelete(chat)}
      />
    )
  }
  const panel = (
    <ChatListPanel
      chats={list.chats}
      loading={list.loading}
      userId={userId}
      selectedUuid={uuid ?? null}
      search={search}
      onSearch={setSearch}
      onNew={editing.openCreate}
      onOpen={open}
      onLoadMore={list.loadMore}
    />
  )

  // Chats are online only (docs/decisions.md "Internal chat"): offline, say so rather than show stale data.
  if (!online) return <Placeholder text={t('chats.offline')} />

  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] min-h-0 flex-col sm:-m-6 sm:h-[calc(100%+3rem)]" data-testid="chats-page">
      {wide ? (
        <div className="flex min-h-0 flex-1">
          <div className="min-h-0 w-80 shrink-0 lg:w-96">{panel}</div>
          <div className="min-h-0 min-w-0 flex-1">{pane()}</div>
        </div>
      ) : (
        <>
          <NarrowTabs
            tabs={(['chats', 'messages'] as const).map((key) => ({ key, label: t(`chats.tabs.${key}`) }))}
            selected={narrowTab}
            onSelect={setNarrowTab}
          />
          <div className="min-h-0 flex-1">{narrowTab === 'chats' ? panel : pane()}</div>
        </>
      )}
      <ChatDialog
        open={editing.editing !== null}
        mode={editing.editing?.mode ?? 'create'}
        initial={editing.editing?.initial ?? EMPTY_FORM}
        users={users}
        onClose={editing.closeDialog}
        onSave={editing.save}
      />
      <ConfirmDialog
        open={editing.deleting !== null}
        tone="danger"
        title={t('chats.deleteTitle')}
        text={t('chats.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onCancel={editing.cancelDelete}
        onConfirm={() => void editing.confirmDelete()}
      />
    </div>
  )
}

const EMPTY_FORM = { title: '', users: [] }

function Placeholder({ text }: { text: string }) {
  return <div data-testid="chats-placeholder" className="flex h-full items-center justify-center p-6 text-center text-slate-500 dark:text-slate-400">{text}</div>
}
