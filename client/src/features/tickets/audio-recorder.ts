import { Mp3Encoder } from '@breezystack/lamejs'

/**
 * Voice notes of the chat (issue: "audio recording (under 10,000 bytes discarded; mp3 for whatsapp else
 * m4a; 128 kbps)"). Browsers record webm/opus (Chromium, Firefox) or mp4/AAC (Safari) and none records
 * mp3, so an mp3 note is decoded (AudioContext.decodeAudioData) and encoded here with lamejs.
 */

/** A recording smaller than this is a slip of the finger: it is discarded, not sent. */
export const MIN_AUDIO_BYTES = 10_000
export const AUDIO_KBPS = 128
/** Channels of the WhatsApp family: they play mp3 as a voice note; the simulator stands in for them. */
const MP3_CHANNELS = ['whatsapp', 'whatsappapi', 'simulator']

export type AudioFormat = 'mp3' | 'm4a'

export const AUDIO_MIME: Record<AudioFormat, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4' }

export function isTooShort(size: number): boolean {
  return size < MIN_AUDIO_BYTES
}

/**
 * mp3 for WhatsApp-family connections, m4a elsewhere when this browser's MediaRecorder writes audio/mp4;
 * a browser that cannot (Chromium before 126, Firefox) falls back to mp3 (docs/decisions.md "Chat media").
 */
export function audioFormatFor(channel: string | null | undefined, canRecordMp4: boolean): AudioFormat {
  if (!channel || MP3_CHANNELS.includes(channel)) return 'mp3'
  return canRecordMp4 ? 'm4a' : 'mp3'
}

export function audioFileName(format: AudioFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')
  return `audio-${stamp}.${format}`
}

/** PCM floats (-1..1) to the 16-bit samples lamejs takes, clipped. */
export function floatTo16Bit(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]))
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff
  }
  return out
}

/** Mono PCM to an mp3 file at `kbps` (lamejs takes 1152-sample frames). */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps = AUDIO_KBPS): Uint8Array<ArrayBuffer> {
  const encoder = new Mp3Encoder(1, sampleRate, kbps)
  const pcm = floatTo16Bit(samples)
  const parts: Uint8Array[] = []
  for (let i = 0; i < pcm.length; i += 1152) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + 1152))
    if (chunk.length) parts.push(chunk)
  }
  const tail = encoder.flush()
  if (tail.length) parts.push(tail)
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Whether this browser records audio/mp4 (Safari, Chromium 126+). */
export function canRecordMp4(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('audio/mp4')
}

export interface AudioRecording {
  /** Stops and resolves the file to send, in `format`. */
  stop(): Promise<File>
  /** Stops and throws the recording away. */
  cancel(): void
}

/** Starts recording the microphone; the permission prompt (and its refusal) come from here. */
export async function startAudioRecording(format: AudioFormat): Promise<AudioRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  const recordMp4 = format === 'm4a' && canRecordMp4()
  const recorder = new MediaRecorder(stream, { audioBitsPerSecond: AUDIO_KBPS * 1000, ...(recordMp4 ? { mimeType: 'audio/mp4' } : {}) })
  const chunks: Blob[] = []
  recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data)
  const stopped = new Promise<Blob>((resolve) => {
    recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType }))
  })
  const release = () => stream.getTracks().forEach((t) => t.stop())
  recorder.start(250)
  return {
    async stop() {
      recorder.stop()
      const recorded = await stopped
      release()
      const name = audioFileName(format)
      if (format === 'm4a' && recordMp4) return new File([recorded], name, { type: AUDIO_MIME.m4a })
      return new File([await toMp3(recorded)], audioFileName('mp3'), { type: AUDIO_MIME.mp3 })
    },
    cancel() {
      if (recorder.state !== 'inactive') recorder.stop()
      release()
    },
  }
}

/** Any recording the browser can decode, as a mono 128 kbps mp3. */
async function toMp3(recorded: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const context = new AudioContext()
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer())
    return encodeMp3(audio.getChannelData(0), audio.sampleRate)
  } finally {
    void context.close()
  }
}
