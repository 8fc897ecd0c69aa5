import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon.tsx'

interface MessageComposerProps {
  /** Whether the ticket takes messages to the contact (open or group); private notes go anywhere. */
  canMessage: boolean
  /** The message being answered (message menu "reply"), shown above the input until sent or cancelled. */
  replyTo: { id: number; body: string } | null
  onCancelReply: () => void
  onSend: (body: string, isPrivate: boolean, quotedMsgId: number | null) => Promise<unknown>
}

/**
 * The chat's input: Enter sends, Shift+Enter breaks the line; the private switch writes an internal
 * note the contact never sees. Sending only queues (the outbox), so it never waits for the network.
 */
export function MessageComposer({ canMessage, replyTo, onCancelReply, onSend }: MessageComposerProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [isPrivate, setPrivate] = useState(false)
  const [busy, setBusy] = useState(false)
  const enabled = canMessage || isPrivate

  const send = async () => {
    const body = text.trim()
    if (!body || !enabled || busy) return
    setBusy(true)
    try {
      await onSend(body, isPrivate, replyTo?.id ?? null)
      setText('')
      onCancelReply()
    } finally {
      setBusy(false)
    }
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void send()
    }
  }

  return (
    <div>
    {replyTo && (
      <div data-testid="reply-preview" className="flex items-center gap-2 border-t border-slate-200 bg-slate-100 px-3 py-1 text-xs dark:border-slate-800 dark:bg-slate-800">
        <span className="min-w-0 flex-1 truncate border-l-4 border-emerald-600 pl-2">{replyTo.body}</span>
        <button type="button" aria-label={t('chat.cancelReply')} title={t('chat.cancelReply')} onClick={onCancelReply}>
          <Icon name="close" className="size-4" />
        </button>
      </div>
    )}
    <div className={`flex items-end gap-2 border-t border-slate-200 p-2 dark:border-slate-800 ${isPrivate ? 'bg-amber-50 dark:bg-amber-950/40' : 'bg-white dark:bg-slate-900'}`}>
      <label className="flex shrink-0 items-center gap-1 self-center text-xs" title={t('chat.privateHint')}>
        <input data-testid="message-private" type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        {t('chat.private')}
      </label>
      <textarea
        data-testid="message-input"
        rows={1}
        className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm outline-none focus:border-brand disabled:opacity-60 dark:border-slate-700"
        placeholder={enabled ? (isPrivate ? t('chat.placeholderPrivate') : t('chat.placeholder')) : t('chat.placeholderClosed')}
        aria-label={t('chat.placeholder')}
        value={text}
        disabled={!enabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        data-testid="message-send"
        className="rounded-full bg-brand p-2 text-white disabled:opacity-50"
        aria-label={t('chat.send')}
        title={t('chat.send')}
        disabled={!enabled || !text.trim() || busy}
        onClick={() => void send()}
      >
        <Icon name="send" className="size-5" />
      </button>
    </div>
    </div>
  )
}
