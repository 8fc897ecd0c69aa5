import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  createSchedule, deleteSchedule, listSchedules, removeScheduleMedia, showSchedule, updateSchedule, uploadScheduleMedia,
} from '../domain/schedules/index.ts'
import { requireAuth } from '../middleware/auth.ts'
import { planFeature } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { listSchedulesQuery, scheduleIdParam, scheduleSchema } from './schedules.schema.ts'
import { formFile } from './upload.ts'

/** Schedules (spec part 1 §7, part 2 §7): the scheduled messages and their calendar; the plan needs useSchedules. */
export const schedules = new Hono<AppEnv>()
  .use('*', requireAuth(), planFeature('useSchedules'))
  .get('/', validate('query', listSchedulesQuery), async (c) => c.json(await listSchedules(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', scheduleIdParam), async (c) => c.json(await showSchedule(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', scheduleSchema), async (c) => c.json(await createSchedule(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', scheduleIdParam), validate('json', scheduleSchema), async (c) =>
    c.json(await updateSchedule(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', scheduleIdParam), async (c) => {
    await deleteSchedule(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Schedule deleted' })
  })
  .post('/:id/media-upload', validate('param', scheduleIdParam), async (c) => {
    const file = await formFile(c, 'file', 'typeArch', 'medias')
    return c.json(await uploadScheduleMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', validate('param', scheduleIdParam), async (c) =>
    c.json(await removeScheduleMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id)),
  )
