import { z } from 'zod'

/** Global settings (spec part 2 §3 Setting, §7 Settings); keys are checked against the known list in the domain. */
export const settingKeyParam = z.object({ key: z.string().min(1).max(100) })

export const updateSettingSchema = z.object({
  value: z.string({ error: 'Required' }).max(5000, 'Too Long!'),
})
export type UpdateSettingInput = z.infer<typeof updateSettingSchema>

/** POST /settings-whitelabel/logo: the multipart fields besides the file. */
export const logoUploadSchema = z.object({
  typeArch: z.string().max(50).optional(),
  mode: z.enum(['appLogoLight', 'appLogoDark', 'appLogoFavicon'], { error: 'Invalid mode' }),
})
export type LogoUploadInput = z.infer<typeof logoUploadSchema>

/** A setting as the API answers it, also from GET /public-settings/{key}. */
export const settingResponse = z.object({ key: z.string(), value: z.string(), updatedAt: z.string().optional() })
export type SettingResponse = z.infer<typeof settingResponse>
