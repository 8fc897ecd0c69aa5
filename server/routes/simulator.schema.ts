import { z } from 'zod'
import { idField } from './common.schema.ts'

export const simulatorParams = z.object({ connectionId: idField() })

/** What the simulated phone sends: who writes, and a text and/or a file (base64). */
export const simulatorInboundSchema = z
  .object({
    from: z.string().regex(/^\d{8,15}$/, 'from must be digits only, with country and area code'),
    name: z.string().trim().max(100).optional(),
    body: z.string().max(4096).optional(),
    media: z
      .object({
        data: z.string().max(20_000_000).regex(/^[A-Za-z0-9+/=\s]*$/, 'media.data must be base64'),
        mimeType: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
        fileName: z.string().max(200).optional(),
      })
      .optional(),
    /** The message id on the simulated channel; repeating one is a redelivery (stored once). */
    id: z.string().min(1).max(128).optional(),
  })
  .refine((v) => Boolean(v.body) || Boolean(v.media), { message: 'body or media is required', path: ['body'] })

export type SimulatorInbound = z.infer<typeof simulatorInboundSchema>
