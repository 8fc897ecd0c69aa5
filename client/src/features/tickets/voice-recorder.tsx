import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icon.tsx'
import { MediaIcon } from '../../ui/media-icon.tsx'
import { audioFormatFor, canRecordMp4, isTooShort, startAudioRecording, type AudioRecording } from './audio-recorder.ts'
import { pushToast } from '../../state/toasts.ts'

interface VoiceRecorderProps {
  /** The ticket's channel: WhatsApp-family connections get mp3, others m4a. */
  channel: string | undefined
  disabled: boolean
  online: boolean
  onRecordingChange: (recording: boolean) => void
  onSend: (file: File) => Promise<void>
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** The mic button, and while recording the bar with the elapsed time, cancel and send. */
export function VoiceRecorder({ channel, disabled, online, onRecordingChange, onSend }: VoiceRecorderProps) {
  const { t } = useTranslation()
  const recording = useRef<AudioRecording | null>(null)
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const [now, setNow] = useState(0)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (startedAt === null) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [startedAt])
  useEffect(() => () => recording.current?.cancel(), [])

  const finish = () => {
    recording.current = null
    setStartedAt(null)
    onRecordingChange(false)
  }
  const start = async () => {
    try {
      recording.current = await startAudioRecording(audioFormatFor(channel, canRecordMp4()))
      setNow(Date.now())
      setStartedAt(Date.now())
      onRecordingChange(true)
    } catch {
      pushToast('error', t('chatMedia.micDenied'))
    }
  }
  const send = async () => {
    const rec = recording.current
    if (!rec || busy) return
    setBusy(true)
    try {
      const file = await rec.stop()
      if (isTooShort(file.size)) pushToast('warning', t('chatMedia.tooShort'))
      else await onSend(file)
    } catch {
      pushToast('error', t('chatMedia.recordFailed'))
    } finally {
      setBusy(false)
      finish()
    }
  }

  if (startedAt === null) {
    const label = online ? t('chatMedia.record') : t('chatMedia.offline')
    return (
      <button type="button" data-testid="record-start" className="rounded-full bg-brand p-2 text-brand-contrast disabled:opacity-50" aria-label={label} title={label} disabled={disabled || !online} onClick={() => void start()}>
        <MediaIcon name="mic" />
      </button>
    )
  }
  return (
    <div data-testid="recording" className="flex flex-1 items-center justify-end gap-3 self-center">
      <span className="size-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
      <span data-testid="recording-time" className="font-mono text-sm tabular-nums">{clock(Math.max(0, now - startedAt))}</span>
      <button type="button" data-testid="record-cancel" className="rounded-full p-2 text-red-600 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={t('chatMedia.cancelRecording')} title={t('chatMedia.cancelRecording')} disabled={busy} onClick={() => { recording.current?.cancel(); finish() }}>
        <MediaIcon name="trash" />
      </button>
      <button type="button" data-testid="record-send" className="rounded-full bg-brand p-2 text-brand-contrast disabled:opacity-50" aria-label={t('chatMedia.sendRecording')} title={t('chatMedia.sendRecording')} disabled={busy} onClick={() => void send()}>
        <Icon name="send" className="size-5" />
      </button>
    </div>
  )
}
