import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import { AppError } from '../domain/app-error.ts'

/** Which files an upload field accepts: by extension, by declared type, and for images by content. */
export const uploadKinds = {
  image: { exts: ['png', 'jpg', 'jpeg', 'gif', 'webp'], mimes: /^image\/(png|jpe?g|gif|webp)$/ },
  announcement: { exts: ['png', 'jpg', 'jpeg'], mimes: /^image\/(png|jpe?g)$/ },
  // Spec part 1 §5: a schedule's media is png, jpg or jpeg.
  schedule: { exts: ['png', 'jpg', 'jpeg'], mimes: /^image\/(png|jpe?g)$/ },
  // Platform branding. No svg: an svg can carry script (and event attributes) that a '<script' check misses.
  logo: { exts: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'ico'], mimes: /^image\/(png|jpe?g|gif|webp|x-icon|vnd\.microsoft\.icon)$/ },
  media: {
    exts: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', '3gp', 'mp3', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'wav', 'webm',
      'pdf', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'zip', 'rar', 'json', 'xml'],
    mimes: /^(image|video|audio|text|application)\/[\w.+-]+$/,
  },
} as const
export type UploadKind = keyof typeof uploadKinds

const imageSignatures: [string, number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['jpg', [0xff, 0xd8, 0xff]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['webp', [0x52, 0x49, 0x46, 0x46]],
  ['ico', [0x00, 0x00, 0x01, 0x00]],
]

export interface StoredFile {
  /** The random name under the company folder, as kept in the database. */
  fileName: string
  originalName: string
  mimeType: string
  size: number
}

interface StoredRef {
  companyId: number
  fileName: string
}

/**
 * The files a request has written and those it asked to remove. A request that ends in an error takes its
 * new files back (whichever check refused it, before or after the write) and keeps the old ones, which its
 * rolled-back rows still name; one that succeeds removes the old ones once its answer is ready.
 */
const requestFiles = new AsyncLocalStorage<{ written: StoredRef[]; removed: StoredRef[]; done: boolean }>()

/** Runs a request under that rule (issue 16 item 2). `failed` is read when the request has its answer. */
export async function keepUploadsOnlyOnSuccess(media: MediaStore, run: () => Promise<unknown>, failed: () => boolean): Promise<void> {
  const files = { written: [] as StoredRef[], removed: [] as StoredRef[], done: false }
  await requestFiles.run(files, run)
  // Work the request left running (its context lives on) removes at once from here on.
  files.done = true
  if (!files.written.length && !files.removed.length) return
  const drop = failed() ? files.written : files.removed
  for (const f of drop) await media.unlink(f.companyId, f.fileName)
}

/** Files under DATA_DIR/media/<companyId>, with random names; the only place that touches the disk. */
export class MediaStore {
  readonly root: string

  constructor(dataDir: string, readonly maxBytes: number) {
    this.root = resolve(dataDir, 'media')
  }

  async save(companyId: number, file: File, kind: UploadKind): Promise<StoredFile> {
    const ext = extname(file.name).slice(1).toLowerCase()
    const rule = uploadKinds[kind]
    // Browsers and runtimes may add parameters ('text/plain;charset=utf-8'): the type is what precedes them.
    const mimeType = (file.type || '').split(';')[0].trim().toLowerCase()
    if (!(rule.exts as readonly string[]).includes(ext) || !rule.mimes.test(mimeType)) {
      throw new AppError('ERR_INVALID_FILE_TYPE', `File type not accepted: ${file.name}`, { accepted: rule.exts })
    }
    if (file.size > this.maxBytes) {
      throw new AppError('ERR_FILE_TOO_LARGE', `File larger than ${this.maxBytes} bytes`, { maxBytes: this.maxBytes })
    }
    const bytes = new Uint8Array(await file.arrayBuffer())
    const signature = imageSignatures.find(([e]) => e === ext)
    if (signature && !signature[1].every((b, i) => bytes[i] === b)) {
      throw new AppError('ERR_INVALID_FILE_TYPE', `File content is not ${ext}`)
    }
    const fileName = `${randomBytes(16).toString('hex')}.${ext}`
    const dir = this.companyDir(companyId)
    await mkdir(dir, { recursive: true })
    requestFiles.getStore()?.written.push({ companyId, fileName })
    await writeFile(join(dir, fileName), bytes)
    return { fileName, originalName: file.name, mimeType, size: file.size }
  }

  /**
   * Stores media a channel delivered. Unlike uploads, the type is not refused: a customer's file is kept
   * whatever it is, under a random name with an extension taken from its declared type or name.
   */
  async saveReceived(companyId: number, bytes: Uint8Array, mimeType: string, originalName?: string): Promise<StoredFile> {
    const ext = extensionFor(mimeType, originalName)
    const fileName = `${randomBytes(16).toString('hex')}.${ext}`
    const dir = this.companyDir(companyId)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, fileName), bytes)
    return { fileName, originalName: originalName ?? fileName, mimeType, size: bytes.byteLength }
  }

  /** Removes a file; during a request, only once the request has succeeded (its rows may yet roll back). */
  async remove(companyId: number, fileName: string | null | undefined): Promise<void> {
    if (!fileName || !isSafeName(fileName)) return
    const request = requestFiles.getStore()
    if (request && !request.done) request.removed.push({ companyId, fileName })
    else await this.unlink(companyId, fileName)
  }

  async unlink(companyId: number, fileName: string): Promise<void> {
    if (!isSafeName(fileName)) return
    await unlink(join(this.companyDir(companyId), fileName)).catch(() => {})
  }

  /** Absolute path of a stored file, or null for a name that could leave the company folder. */
  pathOf(companyId: number, fileName: string): string | null {
    return isSafeName(fileName) ? join(this.companyDir(companyId), fileName) : null
  }

  private companyDir(companyId: number) {
    return join(this.root, String(companyId))
  }
}

function isSafeName(name: string) {
  return /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/.test(name)
}

const extByMime: Record<string, string> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif',
  'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/aac': 'aac', 'audio/amr': 'amr',
  'video/mp4': 'mp4', 'video/3gpp': '3gp', 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/vcard': 'vcf',
}

function extensionFor(mimeType: string, originalName?: string): string {
  const fromName = originalName ? extname(originalName).slice(1).toLowerCase() : ''
  if (/^[a-z0-9]{1,5}$/.test(fromName)) return fromName
  return extByMime[mimeType.split(';')[0].trim().toLowerCase()] ?? 'bin'
}

/** The message kind of a file by its type: image, audio and video by name, everything else a document. */
export function messageMediaType(mimeType: string): 'image' | 'audio' | 'video' | 'application' {
  const top = mimeType.split('/')[0]
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'application'
}
