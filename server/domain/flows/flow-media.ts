import { extname } from 'node:path'
import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { MEDIA_LIMITS } from './flow-graph.ts'

export type FlowMediaKind = keyof typeof MEDIA_LIMITS
/** Which kinds each upload call takes (issue 21 API contract): the video dialog posts to /audio. */
export const FLOW_UPLOADS = { img: ['img'], audio: ['audio', 'video'], content: ['img', 'audio', 'video'] } as const satisfies Record<string, FlowMediaKind[]>
export type FlowUpload = keyof typeof FLOW_UPLOADS

/** Declared types each kind accepts; a browser that declares none gets the extension's. */
const MIME_OF: Record<FlowMediaKind, { accepts: RegExp; byExt: Record<string, string> }> = {
  img: { accepts: /^image\/(png|jpe?g)$/, byExt: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' } },
  audio: { accepts: /^(audio\/[\w.+-]+|application\/ogg|video\/ogg)$/, byExt: { ogg: 'audio/ogg', mp3: 'audio/mpeg', opus: 'audio/ogg' } },
  video: { accepts: /^(video\/mp4|application\/mp4)$/, byExt: { mp4: 'video/mp4' } },
}

const MB = 1024 * 1024
/** The spec's words for an image over 2 MB (part 2 §5 "Flow"); audio and video say their own limit. */
export const tooLargeMessage = (kind: FlowMediaKind) => `Arquivo é muito grande! ${MEDIA_LIMITS[kind].bytes / MB}MB máximo`

/**
 * The file checked against one upload call's kinds (spec part 2 §5, §9: png/jpg/jpeg ≤ 2 MB, ogg/mp3/opus
 * ≤ 5 MB, mp4 ≤ 20 MB), by extension, declared type and size; returned with a normalised type.
 */
export function checkFlowFile(file: File, upload: FlowUpload): File {
  const ext = extname(file.name).slice(1).toLowerCase()
  const kinds: readonly FlowMediaKind[] = FLOW_UPLOADS[upload]
  const kind = kinds.find((k) => (MEDIA_LIMITS[k].extensions as readonly string[]).includes(ext))
  const declared = (file.type || '').split(';')[0].trim().toLowerCase()
  if (!kind || (declared && !MIME_OF[kind].accepts.test(declared))) {
    const accepted = kinds.flatMap((k) => MEDIA_LIMITS[k].extensions)
    throw new AppError('ERR_INVALID_FILE_TYPE', `File type not accepted: ${file.name}`, { accepted })
  }
  if (file.size > MEDIA_LIMITS[kind].bytes) {
    throw new AppError('ERR_FILE_TOO_LARGE', tooLargeMessage(kind), { maxBytes: MEDIA_LIMITS[kind].bytes })
  }
  return declared ? file : new File([file], file.name, { type: MIME_OF[kind].byExt[ext] })
}

/**
 * POST /flowbuilder/img|audio|content: the files, all checked before any is written, stored in the
 * company's media folder under random names (the names the graph's url / element value hold). If one
 * fails on the way (an image whose content is not an image, a full disk), those already written go: a
 * failed request stores nothing.
 */
export async function saveFlowMedia(ctx: DomainCtx, media: MediaStore, upload: FlowUpload, files: File[]): Promise<string[]> {
  const companyId = ctx.auth.user.companyId
  const checked = files.map((f) => checkFlowFile(f, upload))
  const names: string[] = []
  try {
    for (const file of checked) names.push((await media.save(companyId, file, 'media')).fileName)
  } catch (err) {
    for (const name of names) await media.unlink(companyId, name)
    throw err
  }
  return names
}
