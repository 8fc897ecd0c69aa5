import { z } from 'zod'
import { idField } from './common.schema.ts'

/** Company settings calls (spec part 2 §3 Company settings, §7 Settings); keys are checked in the domain. */
export const companyIdParam = z.object({ companyId: idField() })

export const companySettingOneQuery = z.object({
  column: z.string({ error: 'Required' }).min(1, 'Required').max(100),
})
export type CompanySettingOneQuery = z.infer<typeof companySettingOneQuery>

/** One key and its value: 'enabled'/'disabled' toggles, booleans, scheduleType, chatBotType or a message. */
export const updateCompanySettingSchema = z.object({
  column: z.string({ error: 'Required' }).min(1, 'Required').max(100),
  data: z.union([z.string().max(5000, 'Too Long!'), z.boolean()], { error: 'Required' }),
})
export type UpdateCompanySettingInput = z.infer<typeof updateCompanySettingSchema>
