import { extname } from 'node:path'

export type BubbleMediaType = 'image' | 'audio' | 'video'

/**
 * One thing a bot says, in order: a text, a media bubble still at the bot's URL, or that media stored in the
 * company's folder (run-integration.ts applyEffects sends texts and stored files; a URL left over goes as text).
 */
export type Send =
  | { text: string }
  | { url: string; mediaType: BubbleMediaType }
  | { file: { fileName: string; originalName: string; mediaType: BubbleMediaType } }

export interface BubbleMediaDeps {
  /** Keeps the bytes in the company's media folder (MediaStore.saveReceived). */
  save: (bytes: Uint8Array, mimeType: string, originalName: string) => Promise<{ fileName: string }>
  timeoutMs: number
  /** A larger file goes as its link (WhatsApp refuses media over 16 MB; the store has its own cap). */
  maxBytes: number
  fetch?: typeof fetch
}

const mimeByExt: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', m4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav',
  mp4: 'video/mp4', '3gp': 'video/3gpp', webm: 'video/webm',
}

/**
 * Typebot's image, audio and video bubbles downloaded into the company's media (issue 22), so the customer
 * gets the picture or the recording rather than a link. Runs in the call phase, with no transaction open.
 * A file that cannot be fetched in time, is too large, or is not the bubble's kind of media (a web page,
 * a YouTube link) stays a link, so nothing the bot said is lost. Returns the sends and the stored names
 * (the caller removes them when the answer is not applied). Never throws.
 */
export async function storeBubbleMedia(sends: Send[], deps: BubbleMediaDeps): Promise<{ sends: Send[]; stored: string[] }> {
  const stored: string[] = []
  const out: Send[] = []
  for (const send of sends) {
    if (!('url' in send)) {
      out.push(send)
      continue
    }
    const got = await download(send.url, send.mediaType, deps)
    if (!got) {
      out.push({ text: send.url })
      continue
    }
    try {
      const { fileName } = await deps.save(got.bytes, got.mimeType, got.name)
      stored.push(fileName)
      out.push({ file: { fileName, originalName: got.name, mediaType: send.mediaType } })
    } catch {
      out.push({ text: send.url })
    }
  }
  return { sends: out, stored }
}

async function download(url: string, kind: BubbleMediaType, deps: BubbleMediaDeps): Promise<{ bytes: Uint8Array; mimeType: string; name: string } | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  let res: Response
  try {
    res = await (deps.fetch ?? fetch)(parsed, { redirect: 'follow', signal: AbortSignal.timeout(deps.timeoutMs) })
  } catch {
    return null
  }
  const declared = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  const ext = extname(decodeURIComponent(parsed.pathname)).slice(1).toLowerCase()
  // Servers often answer octet-stream for a file; the URL's extension then says what it is.
  const mimeType = declared === '' || declared === 'application/octet-stream' ? (mimeByExt[ext] ?? '') : declared
  // Only types a chat shows (no svg, no web page): anything else goes as the link.
  if (!res.ok || !mimeType.startsWith(`${kind}/`) || !Object.values(mimeByExt).includes(mimeType) || Number(res.headers.get('content-length') ?? 0) > deps.maxBytes) {
    await res.body?.cancel().catch(() => {})
    return null
  }
  const bytes = await readCapped(res, deps.maxBytes)
  if (!bytes?.byteLength) return null
  return { bytes, mimeType, name: fileNameOf(parsed, mimeType, kind) }
}

/** The body, or null past maxBytes (a server that does not say its length is stopped there). */
async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  const reader = res.body?.getReader()
  if (!reader) return null
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        return null
      }
      chunks.push(value)
    }
  } catch {
    return null
  }
  return Buffer.concat(chunks, size)
}

/** The URL's last segment when it looks like a file name; else the kind with the type's extension. */
function fileNameOf(url: URL, mimeType: string, kind: BubbleMediaType): string {
  let last = ''
  try {
    last = decodeURIComponent(url.pathname.split('/').pop() ?? '')
  } catch {
    last = ''
  }
  const clean = last.replace(/[\u0000-\u001f\\/:*?"<>|]/g, '').slice(-100)
  if (/\.[a-z0-9]{1,5}$/i.test(clean)) return clean
  const ext = Object.entries(mimeByExt).find(([, m]) => m === mimeType)![0]
  return `${{ image: 'imagem', audio: 'audio', video: 'video' }[kind]}.${ext}`
}
