import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaIcon } from '../../ui/media-icon.tsx'
import { formatBytes } from './message-content.ts'
import { MAX_MEDIA_FILES, MEDIA_ACCEPT } from './media-send.ts'

interface AttachmentButtonProps {
  disabled: boolean
  /** Files go straight to the server, not through the outbox: offline the button says so. */
  online: boolean
  onPick: (files: File[]) => void
}

/** The paperclip: a file picker for images, videos, audio and documents (spec part 1 §2 "Message input"). */
export function AttachmentButton({ disabled, online, onPick }: AttachmentButtonProps) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const label = online ? t('chatMedia.attach') : t('chatMedia.offline')
  return (
    <>
      <input
        ref={input}
        data-testid="attach-input"
        type="file"
        multiple
        hidden
        accept={MEDIA_ACCEPT}
        onChange={(e) => {
          onPick(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
      <button
        type="button"
        data-testid="attach-button"
        className="shrink-0 self-center rounded-full p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={label}
        title={label}
        disabled={disabled || !online}
        onClick={() => input.current?.click()}
      >
        <MediaIcon name="attach" />
      </button>
    </>
  )
}

interface AttachmentChipsProps {
  files: File[]
  onRemove: (index: number) => void
}

/** The files picked and not sent yet: name and size, each with its remove button. */
export function AttachmentChips({ files, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation()
  if (!files.length) return null
  return (
    <ul data-testid="attach-chips" className="flex flex-wrap gap-1 border-t border-slate-200 bg-slate-100 px-3 py-1.5 text-xs dark:border-slate-800 dark:bg-slate-800">
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`} data-testid="attach-chip" className="flex max-w-64 items-center gap-1 rounded-full bg-white px-2 py-0.5 shadow-sm dark:bg-slate-700">
          <span className="min-w-0 truncate">{f.name}</span>
          <span className="shrink-0 opacity-60">{formatBytes(f.size)}</span>
          <button type="button" data-testid="attach-remove" aria-label={t('chatMedia.remove', { name: f.name })} title={t('chatMedia.remove', { name: f.name })} onClick={() => onRemove(i)}>
            ×
          </button>
        </li>
      ))}
      {files.length > MAX_MEDIA_FILES && <li className="text-red-600">{t('chatMedia.tooMany', { max: MAX_MEDIA_FILES })}</li>}
    </ul>
  )
}
