import { Hono, type Context } from 'hono'
import { extname } from 'node:path'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { assertCanReadMedia, isPlatformLogo } from '../domain/media/media-access.ts'
import { verifyMediaSignature } from '../media/signed-url.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { mediaParams, mediaQuery, type MediaQuery } from './media.schema.ts'

const contentTypes: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon',
  mp4: 'video/mp4', '3gp': 'video/3gpp', webm: 'video/webm',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/opus', m4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', json: 'application/json',
  xml: 'application/xml', zip: 'application/zip', rar: 'application/vnd.rar', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet',
}
/** Shown in the page (img, audio, video, the pdf viewer); anything else is downloaded, never rendered. */
const inlineType = /^(image|audio|video)\/|^application\/pdf$|^text\/plain/

/** The stored file as the response, or a 404 for a name that is not a stored-file name or a missing file. */
export async function fileResponse(c: Context<AppEnv>, companyId: number, fileName: string): Promise<Response> {
  const path = c.get('services').media.pathOf(companyId, fileName)
  const file = path ? Bun.file(path) : null
  if (!file || !(await file.exists())) throw new AppError('ERR_NOT_FOUND', 'No such file')
  const type = contentTypes[extname(fileName).slice(1)] ?? 'application/octet-stream'
  return new Response(file, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': inlineType.test(type) ? 'inline' : 'attachment',
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

function hasValidSignature(c: Context<AppEnv>, companyId: number, fileName: string, q: MediaQuery): boolean {
  const { keys, now } = c.get('services')
  return q.exp !== undefined && q.sig !== undefined && verifyMediaSignature(keys, companyId, fileName, q.exp, q.sig, now())
}

/**
 * Stored files (spec part 2 §3 mediaPath, profileImage, logos). Without a session: a valid signed link
 * (?exp=&sig=) or a platform logo. With the bearer header: the files of the user's own company and the
 * attachments of announcements. A file of another company is a 404, as is an unknown or unsafe name.
 */
export const media = new Hono<AppEnv>().get(
  '/:companyId/:fileName',
  validate('param', mediaParams),
  validate('query', mediaQuery),
  async function publicMedia(c, next) {
    const { companyId, fileName } = c.req.valid('param')
    const query = c.req.valid('query')
    if (!c.get('services').media.pathOf(companyId, fileName)) throw new AppError('ERR_NOT_FOUND', 'No such file')
    if (hasValidSignature(c, companyId, fileName, query)) return fileResponse(c, companyId, fileName)
    if (await isPlatformLogo(c.get('services').db.sql, companyId, fileName)) return fileResponse(c, companyId, fileName)
    if (query.sig !== undefined && !c.req.header('authorization')) {
      throw new AppError('ERR_NO_PERMISSION', 'Invalid or expired media link')
    }
    await next()
  },
  requireAuth(),
  async (c) => {
    const { companyId, fileName } = c.req.valid('param')
    await assertCanReadMedia(c.get('ctx'), companyId, fileName)
    return fileResponse(c, companyId, fileName)
  },
)
