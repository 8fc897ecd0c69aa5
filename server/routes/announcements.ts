import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { removeAnnouncementMedia, setAnnouncementMedia } from '../domain/announcements/announcement-media.ts'
import {
  createAnnouncement,
  deleteAnnouncement,
  findAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '../domain/announcements/announcements.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { createAnnouncementSchema, listAnnouncementsQuery, updateAnnouncementSchema } from './announcements.schema.ts'
import { idParam } from './common.schema.ts'
import { formFile } from './upload.ts'

/**
 * Announcements (spec part 2 §3, §5, §6, §7; part 1 top bar). Every user reads the active ones; only the
 * super user sees inactive ones and writes. The attachment is served by GET /media/{companyId}/{mediaPath}.
 */
export const announcements = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listAnnouncementsQuery), async (c) =>
    c.json(await listAnnouncements(c.get('ctx'), c.req.valid('query'))),
  )
  .get('/:id', validate('param', idParam), async (c) => c.json(await findAnnouncement(c.get('ctx'), c.req.valid('param').id)))
  .post('/', guard('super'), validate('json', createAnnouncementSchema), async (c) =>
    c.json(await createAnnouncement(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', guard('super'), validate('param', idParam), validate('json', updateAnnouncementSchema), async (c) =>
    c.json(await updateAnnouncement(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('super'), validate('param', idParam), async (c) => {
    await deleteAnnouncement(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'Announcement deleted' })
  })
  .post('/:id/media-upload', guard('super'), validate('param', idParam), async (c) => {
    const file = await formFile(c, 'file', 'medias')
    return c.json(await setAnnouncementMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
  .delete('/:id/media-upload', guard('super'), validate('param', idParam), async (c) =>
    c.json(await removeAnnouncementMedia(c.get('ctx'), c.get('services').media, c.req.valid('param').id)),
  )
