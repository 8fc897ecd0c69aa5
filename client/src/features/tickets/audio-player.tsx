import { useEffect, useRef, useState } from 'react'
import { nextAudioSpeed, readAudioSpeed, saveAudioSpeed, type AudioSpeed } from './audio-speed.ts'

interface AudioPlayerProps {
  src: string
  speedLabel: string
}

/**
 * The browser's audio controls plus the speed button (0.5×, 1×, 1.5×, 2×). The chosen speed is kept in
 * this browser and read again on each play, so a speed picked on one note applies to the next ones.
 */
export function AudioPlayer({ src, speedLabel }: AudioPlayerProps) {
  const ref = useRef<HTMLAudioElement>(null)
  const [speed, setSpeed] = useState<AudioSpeed>(() => readAudioSpeed())

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed
  }, [speed, src])

  const change = () => {
    const next = nextAudioSpeed(speed)
    saveAudioSpeed(next)
    setSpeed(next)
  }
  return (
    <div data-testid="message-audio" className="mb-1 flex items-center gap-2 pr-4">
      <audio ref={ref} src={src} controls preload="metadata" className="h-10 max-w-64" onPlay={() => setSpeed(readAudioSpeed())} />
      <button
        type="button"
        data-testid="audio-speed"
        data-speed={speed}
        className="min-w-10 rounded-full bg-black/10 px-2 py-0.5 text-xs font-semibold dark:bg-white/15"
        aria-label={speedLabel}
        title={speedLabel}
        onClick={change}
      >
        {speed}×
      </button>
    </div>
  )
}
