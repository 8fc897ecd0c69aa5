import { z } from 'zod'

/** A YouTube link is reduced to its video code; the client embeds https://www.youtube.com/embed/{video}. */
const youtubeLink = /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/))([\w-]+)/i

const videoField = z
  .string()
  .trim()
  .max(500, 'Too Long!')
  .transform((v) => youtubeLink.exec(v)?.[1] ?? v)
  .pipe(z.string().max(100, 'Too Long!').regex(/^[\w-]*$/, 'Invalid video code'))

const linkField = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Invalid URL' }).max(2000, 'Too Long!')])
  .nullable()
  .transform((v) => v || null)

const helpFields = {
  title: z.string({ error: 'Required' }).trim().min(2, 'Too Short!').max(100, 'Too Long!'),
  description: z.string().max(5000, 'Too Long!'),
  video: videoField,
  link: linkField,
}

/** Help entry (spec part 2 §3 Help entry): title required 2-100, description, video code, optional link. */
export const createHelpSchema = z.object({
  ...helpFields,
  description: helpFields.description.default(''),
  video: helpFields.video.default(''),
  link: helpFields.link.optional(),
})
export type CreateHelpInput = z.infer<typeof createHelpSchema>

/** An edit sends any of the fields; the ones left out keep their value. */
export const updateHelpSchema = z.object(helpFields).partial()
export type UpdateHelpInput = z.infer<typeof updateHelpSchema>

/** GET /helps: without pageNumber the whole (searched) list as an array; with it, a page {helps, hasMore}. */
export const listHelpsQuery = z.object({
  searchParam: z.string().max(200).optional().transform((v) => (v ?? '').trim().toLowerCase()),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional(),
})
export type ListHelpsQuery = z.infer<typeof listHelpsQuery>
