import { z } from 'zod'
import { dayField, flag, idField, listOf } from './common.schema.ts'

/** Spec part 1 §5: the dashboard filter needs days or a date ('Parametrize o filtro'). */
export const dashboardQuery = z
  .object({
    days: z.coerce.number({ error: 'Invalid number' }).int('Invalid number').min(1, 'Invalid number').max(3660, 'Invalid number').optional(),
    date_from: dayField.optional(),
    date_to: dayField.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.days === undefined && q.date_from === undefined && q.date_to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Parametrize o filtro' })
    }
    if (q.date_from && q.date_to && q.date_from > q.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'A data final é anterior à inicial' })
    }
  })
export type DashboardQuery = z.infer<typeof dashboardQuery>

/** The charts' calls (spec part 1 §7): companyId is the caller's own company whatever is sent. */
export const dashboardChartQuery = z
  .object({
    initialDate: dayField.optional(),
    finalDate: dayField.optional(),
    companyId: z.unknown().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.initialDate && q.finalDate && q.initialDate > q.finalDate) {
      ctx.addIssue({ code: 'custom', path: ['finalDate'], message: 'A data final é anterior à inicial' })
    }
  })
export type DashboardChartQuery = z.infer<typeof dashboardChartQuery>

/** GET /dashboard/moments (spec part 1 §7): the live panel's tickets; days of the last update, the last 30 by default. */
export const momentsQuery = z
  .object({
    status: listOf(z.enum(['open', 'pending'])).optional(),
    showAll: flag.optional().default(true),
    queueIds: listOf(idField()).optional(),
    userId: idField().optional(),
    dateStart: dayField.optional(),
    dateEnd: dayField.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dateStart && q.dateEnd && q.dateStart > q.dateEnd) ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'A data final é anterior à inicial' })
  })
export type MomentsQuery = z.infer<typeof momentsQuery>
