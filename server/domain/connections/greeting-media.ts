import type { MediaStore } from '../../media/media-store.ts'
import { uploadKinds } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { assertCan } from '../permissions.ts'
import { emitConnection, findConnectionView, type ConnectionView } from './connection-view.ts'

const VIDEO_EXTS = ['mp4', '3gp', 'webm']

/** Spec part 2 §5: the greeting attachment is an image or a video, by extension and declared type. */
function assertImageOrVideo(file: File) {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  const image = (uploadKinds.image.exts as readonly string[]).includes(ext) && /^image\//.test(file.type)
  const video = VIDEO_EXTS.includes(ext) && /^video\//.test(file.type)
  if (!image && !video) {
    throw new AppError('ERR_INVALID_FILE_TYPE', `Only images and videos: ${file.name}`, { accepted: [...uploadKinds.image.exts, ...VIDEO_EXTS] })
  }
}

async function loadMedia(ctx: DomainCtx, id: number) {
  assertCan(ctx.auth, 'connections:view')
  const [row] = await ctx.tx<{ companyId: number; greetingMediaAttachment: string | null }[]>`
    select company_id, greeting_media_attachment from whatsapps where id = ${id}`
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
  return row
}

/** POST /whatsapp/{id}/media-upload: stores the greeting media and replaces the previous file. */
export async function setGreetingMedia(ctx: DomainCtx, media: MediaStore, id: number, file: File): Promise<ConnectionView> {
  const current = await loadMedia(ctx, id)
  assertImageOrVideo(file)
  // 'media' checks size and, for image extensions, the content; the image-or-video rule is above.
  const stored = await media.save(current.companyId, file, 'media')
  await ctx.tx`update whatsapps set greeting_media_attachment = ${stored.fileName} where id = ${id}`
  await media.remove(current.companyId, current.greetingMediaAttachment)
  const view = (await findConnectionView(ctx.tx, id))!
  emitConnection(ctx, view)
  return view
}

/** DELETE /whatsapp/{id}/media-upload: removes the greeting media. */
export async function removeGreetingMedia(ctx: DomainCtx, media: MediaStore, id: number): Promise<ConnectionView> {
  const current = await loadMedia(ctx, id)
  await ctx.tx`update whatsapps set greeting_media_attachment = null where id = ${id}`
  await media.remove(current.companyId, current.greetingMediaAttachment)
  const view = (await findConnectionView(ctx.tx, id))!
  emitConnection(ctx, view)
  return view
}
