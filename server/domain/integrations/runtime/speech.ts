import { timedFetch } from './provider-fetch.ts'

/**
 * Speech out for the AI prompts (issue 22): a prompt's voice turns its answer into a voice note. The voice list
 * (Azure's pt-BR neural voices) implies Azure's text-to-speech REST API; other providers fit behind this interface.
 */
export interface SpeechSynth {
  /** The answer spoken, as Ogg/Opus bytes, or the reason it could not be. Never throws. */
  synthesize(text: string, voice: { name: string; key: string; region: string }, timeoutMs: number): Promise<{ ok: true; audio: Uint8Array } | { ok: false; reason: string }>
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/**
 * Azure's text-to-speech REST (`POST https://{region}.tts.speech.microsoft.com/cognitiveservices/v1`, SSML, the
 * subscription key header, Ogg/Opus out). `baseUrl` replaces the regional host (tests, a proxy).
 */
export function azureSpeech(baseUrl?: string, fetchImpl: typeof fetch = fetch): SpeechSynth {
  return {
    async synthesize(text, voice, timeoutMs) {
      const root = baseUrl ? baseUrl.replace(/\/+$/, '') : `https://${encodeURIComponent(voice.region)}.tts.speech.microsoft.com`
      const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice name="${escapeXml(voice.name)}">${escapeXml(text)}</voice></speak>`
      const res = await timedFetch(fetchImpl, `${root}/cognitiveservices/v1`, {
        method: 'POST',
        headers: { 'Ocp-Apim-Subscription-Key': voice.key, 'Content-Type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': 'ogg-24khz-16bit-mono-opus', 'User-Agent': 'Balcao' },
        body: ssml,
      }, timeoutMs, 'voz: ')
      if (!(res instanceof Response)) return { ok: false, reason: res.reason }
      if (!res.ok) return { ok: false, reason: `voz: HTTP ${res.status}` }
      const audio = new Uint8Array(await res.arrayBuffer())
      return audio.byteLength ? { ok: true, audio } : { ok: false, reason: 'voz: resposta vazia' }
    },
  }
}
