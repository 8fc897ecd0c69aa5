import { z } from 'zod'
import { listQuery } from './common.schema.ts'

export const listAnnouncementsQuery = listQuery

/** 1 high, 2 medium, 3 low (spec part 2 §3 Announcement); form fields may arrive as strings. */
const priorityField = z.coerce
  .number({ error: 'Invalid priority' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Priority must be 1, 2 or 3' }))
const statusField = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'Must be a boolean' })

const announcementFields = {
  title: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'Too Long!'),
  text: z.string({ error: 'Required' }).trim().min(1, 'Required').max(5000, 'Too Long!'),
  priority: priorityField,
  status: statusField,
}

/** Announcement (spec part 2 §3, §5): title and text required, priority default 3, active by default. */
export const createAnnouncementSchema = z.object({
  ...announcementFields,
  priority: announcementFields.priority.default(3),
  status: announcementFields.status.default(true),
})
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementSchema>

/** An edit sends any of the fields; the ones left out keep their value. */
export const updateAnnouncementSchema = z.object(announcementFields).partial()
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementSchema>
