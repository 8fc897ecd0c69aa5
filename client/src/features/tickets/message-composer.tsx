import { useCallback, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { QuickAnswerMenu, quickAnswerKeyAction } from './quick-answer-menu.tsx'
import { useQuickAnswers } from '../quick-messages/index.ts'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { MAX_MEDIA_FILES, sendMedia } from './media-send.ts'
import { AttachmentButton, AttachmentChips } from './attachment-button.tsx'
import { EmojiButton } from './emoji-button.tsx'
import { VoiceRecorder } from './voice-recorder.tsx'

interface MessageComposerProps {
  /** Whether the ticket takes messages to the contact (open or group); private notes go anywhere. */
  canMessage: boolean
  /** The message being answered (message menu "reply"), shown above the input until sent or cancelled. */
  replyTo: { id: number; body: string } | null
  onCancelReply: () => void
  onSend: (body: string, isPrivate: boolean, quotedMsgId: number | null) => Promise<unknown>
  /** The ticket files and voice notes go to (POST /messages/{ticketId}); without it there are no media buttons. */
  ticketId?: number
  /** The ticket's channel: voice notes are mp3 on WhatsApp-family connections, m4a elsewhere. */
  channel?: string
  /** Called once media were sent (the chat scrolls to the bottom). */
  onMediaSent?: () => void
}

/**
 * The chat's input: Enter sends, Shift+Enter breaks the line; the private switch writes an internal
 * note the contact never sees. Text only queues (the outbox), so it never waits for the network; files
 * and voice notes need it (a file cannot wait in the JSON outbox), so their buttons are off offline.
 */
export function MessageComposer({ canMessage, replyTo, onCancelReply, onSend, ticketId, channel, onMediaSent }: MessageComposerProps) {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const [text, setText] = useState('')
  // '/' at the start opens the quick answers (spec part 1 §2); Escape hides them until the text changes.
  const answers = useQuickAnswers(text)
  const [activeAnswer, setActiveAnswer] = useState(0)
  const [menuDismissed, setMenuDismissed] = useState(false)
  const menuOpen = text.startsWith('/') && !menuDismissed
  const pickAnswer = (index: number) => {
    const answer = answers[index]
    if (answer) setText(answer.message)
  }
  const [isPrivate, setPrivate] = useState(false)
  const [busy, setBusy] = useState(false)
  const [files, setFiles] = useState<File[]>([])
  const [recording, setRecording] = useState(false)
  const enabled = canMessage || isPrivate
  const input = useRef<HTMLTextAreaElement>(null)
  const textNow = useRef(text)
  textNow.current = text
  // An emoji goes where the cursor is (replacing a selection), and the cursor stays after it. Stable, so
  // the memoised emoji button skips the renders of each key and send.
  const insertEmoji = useCallback((emoji: string) => {
    const el = input.current
    const current = textNow.current
    const start = el?.selectionStart ?? current.length
    const end = el?.selectionEnd ?? current.length
    setText(current.slice(0, start) + emoji + current.slice(end))
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + emoji.length, start + emoji.length)
    })
  }, [])
  const media = ticketId !== undefined

  const sendFiles = async (picked: File[], body: string) => {
    if (ticketId === undefined) return
    await sendMedia(ticketId, { files: picked, body, isPrivate, quotedMsgId: replyTo?.id ?? null })
    onMediaSent?.()
  }
  const send = async () => {
    const body = text.trim()
    if ((!body && !files.length) || !enabled || busy) return
    if (files.length && (!online || files.length > MAX_MEDIA_FILES)) return
    if (!files.length) {
      // Text: its bubble shows at once (send-echo.ts), so the input empties at once too; it gets the text
      // back only if even the local write fails.
      const quoted = replyTo?.id ?? null
      setText('')
      onCancelReply()
      try {
        await onSend(body, isPrivate, quoted)
      } catch (err) {
        setText((current) => current || body)
        toastError(err)
      }
      return
    }
    setBusy(true)
    try {
      await sendFiles(files, body)
      setText('')
      setFiles([])
      onCancelReply()
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }
  const sendRecording = async (file: File) => {
    try {
      await sendFiles([file], '')
      onCancelReply()
    } catch (err) {
      toastError(err)
    }
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (menuOpen) {
      const action = quickAnswerKeyAction(e.key, activeAnswer, answers.length)
      if (action) {
        e.preventDefault()
        if (action.type === 'move') setActiveAnswer(action.index)
        else if (action.type === 'pick') pickAnswer(action.index)
        else setMenuDismissed(true)
        return
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void send()
    }
  }
  const showMic = media && !text.trim() && !files.length

  return (
    <div className="relative">
      {menuOpen && (
        <div className="absolute inset-x-2 bottom-full z-20 mb-1">
          <QuickAnswerMenu
            items={answers}
            activeIndex={activeAnswer}
            onPick={pickAnswer}
            labels={{ title: t('quickMessages.menu.title'), empty: t('quickMessages.menu.empty') }}
          />
        </div>
      )}
      {replyTo && (
        <div data-testid="reply-preview" className="flex items-center gap-2 border-t border-slate-200 bg-slate-100 px-3 py-1 text-xs dark:border-slate-800 dark:bg-slate-800">
          <span className="min-w-0 flex-1 truncate border-l-4 border-emerald-600 pl-2">{replyTo.body}</span>
          <button type="button" aria-label={t('chat.cancelReply')} title={t('chat.cancelReply')} onClick={onCancelReply}>
            <Icon name="close" className="size-4" />
          </button>
        </div>
      )}
      <AttachmentChips files={files} onRemove={(i) => setFiles((list) => list.filter((_, j) => j !== i))} />
      <div className={`flex items-end gap-2 border-t border-slate-200 p-2 dark:border-slate-800 ${isPrivate ? 'bg-amber-50 dark:bg-amber-950/40' : 'bg-white dark:bg-slate-900'}`}>
        <label className="flex shrink-0 items-center gap-1 self-center text-xs" title={t('chat.privateHint')}>
          <input data-testid="message-private" type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
          {t('chat.private')}
        </label>
        {media && !recording && <AttachmentButton disabled={!enabled || busy} online={online} onPick={(picked) => setFiles((list) => [...list, ...picked])} />}
        {!recording && <EmojiButton disabled={!enabled} onPick={insertEmoji} />}
        {!recording && (
          <textarea
            ref={input}
            data-testid="message-input"
            rows={1}
            // Sized to its text, or to the placeholder while empty (a 390 px screen cut "Digite uma mensagem"
            // to its first line); a browser without field-sizing keeps one row that scrolls.
            className="max-h-40 min-h-10 flex-1 resize-none [field-sizing:content] rounded-md border border-slate-300 bg-transparent px-3 py-2 text-sm outline-none focus:border-brand disabled:opacity-60 dark:border-slate-700"
            placeholder={enabled ? (files.length ? t('chatMedia.caption') : isPrivate ? t('chat.placeholderPrivate') : t('chat.placeholder')) : t('chat.placeholderClosed')}
            aria-label={t('chat.placeholder')}
            value={text}
            disabled={!enabled}
            onChange={(e) => {
              setText(e.target.value)
              setActiveAnswer(0)
              setMenuDismissed(false)
            }}
            onKeyDown={onKeyDown}
            aria-controls={menuOpen ? 'quick-answer-menu' : undefined}
          />
        )}
        {showMic ? (
          <VoiceRecorder channel={channel} disabled={!enabled} online={online} onRecordingChange={setRecording} onSend={sendRecording} />
        ) : (
          <button
            type="button"
            data-testid="message-send"
            data-busy={busy}
            className="rounded-full bg-brand p-2 text-brand-contrast disabled:opacity-50"
            aria-label={busy ? t('chatMedia.sending') : t('chat.send')}
            title={busy ? t('chatMedia.sending') : t('chat.send')}
            disabled={!enabled || (!text.trim() && !files.length) || busy || (files.length > 0 && !online)}
            onClick={() => void send()}
          >
            {busy ? <span className="block size-5 animate-spin rounded-full border-2 border-white border-t-transparent" /> : <Icon name="send" className="size-5" />}
          </button>
        )}
      </div>
    </div>
  )
}
