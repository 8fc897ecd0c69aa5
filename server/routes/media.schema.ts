import { z } from 'zod'
import { idField } from './common.schema.ts'

/** GET /media/{companyId}/{fileName}: the name is checked against the stored-file pattern by the media store. */
export const mediaParams = z.object({
  companyId: idField(),
  fileName: z.string().min(1).max(200),
})

/** A signed link (server/media/signed-url.ts) instead of the bearer header: both or neither. */
export const mediaQuery = z.object({
  exp: idField().optional(),
  sig: z.string().max(200).optional(),
})
export type MediaQuery = z.infer<typeof mediaQuery>
