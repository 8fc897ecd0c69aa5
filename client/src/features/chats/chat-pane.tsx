import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { plainIconButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { canSendChatMessage, isChatOwner, type Chat } from './chats.ts'
import { useChatMessages } from './use-chats.ts'
import { ChatMessages } from './chat-messages.tsx'

interface ChatPaneProps {
  chat: Chat
  userId: number
  /** Narrow screens: back to the chat list. */
  onBack?: () => void
  onEdit: () => void
  onDelete: () => void
}

/** One chat: title and members, edit and delete for its owner, the messages and the input. Key it by chat id. */
export function ChatPane({ chat, userId, onBack, onEdit, onDelete }: ChatPaneProps) {
  const { t } = useTranslation()
  const { messages, hasMore, loading, loadOlder, send } = useChatMessages(chat.id)
  const owner = isChatOwner(chat, userId)
  const names = chat.users.map((u) => u.user.name).join(', ')

  return (
    <div className="flex h-full min-h-0 flex-col bg-white dark:bg-slate-900" data-testid="chat-pane">
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        {onBack && (
          <button type="button" className={plainIconButtonClass} aria-label={t('chats.back')} title={t('chats.back')} onClick={onBack}>
            <Icon name="chevronLeft" className="size-5" />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold" data-testid="chat-title">{chat.title}</h2>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={names}>
            {t('chats.members', { count: chat.users.length })} · {names}
          </p>
        </div>
        {owner && (
          <>
            <button type="button" className={plainIconButtonClass} aria-label={t('chats.edit')} title={t('chats.edit')} onClick={onEdit}>
              <Icon name="edit" className="size-5" />
            </button>
            <button type="button" className={plainIconButtonClass} aria-label={t('chats.delete')} title={t('chats.delete')} onClick={onDelete}>
              <Icon name="delete" className="size-5" />
            </button>
          </>
        )}
      </header>
      <ChatMessages messages={messages} userId={userId} hasMore={hasMore} loading={loading} onLoadOlder={loadOlder} />
      <ChatComposer onSend={send} />
    </div>
  )
}

/** Enter sends, Shift+Enter breaks the line; empty or whitespace text is never sent (spec part 2 §5). */
function ChatComposer({ onSend }: { onSend: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const ready = canSendChatMessage(text) && !busy

  const submit = async () => {
    if (!ready) return
    setBusy(true)
    const sent = await onSend(text)
    setBusy(false)
    if (sent) setText('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return
    e.preventDefault()
    void submit()
  }

  return (
    <div className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800">
      <textarea
        rows={1}
        value={text}
        data-testid="chat-input"
        placeholder={t('chats.placeholder')}
        aria-label={t('chats.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-brand focus:ring-2 focus:ring-brand/30 dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="button"
        className={`${plainIconButtonClass} text-brand disabled:cursor-not-allowed disabled:opacity-40`}
        aria-label={t('chats.send')}
        title={t('chats.send')}
        disabled={!ready}
        onClick={() => void submit()}
      >
        <Icon name="send" className="size-5" />
      </button>
    </div>
  )
}
