import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { importContactListFile } from '../domain/contact-lists/import-contact-list.ts'
import { listContactListOptions, listContactLists } from '../domain/contact-lists/list-contact-lists.ts'
import { createContactList, deleteContactList, updateContactList } from '../domain/contact-lists/save-contact-list.ts'
import { showContactList } from '../domain/contact-lists/contact-list-view.ts'
import { requireAuth } from '../middleware/auth.ts'
import { campaignAccess } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { contactListIdParam, contactListSchema, listContactListsQuery } from './contact-lists.schema.ts'
import { formFile } from './upload.ts'

/**
 * Contact lists (spec part 2 §2, §3, §5, §7): campaign material, so an admin's, with the plan's
 * useCampaigns and the company's campaignsEnabled switch on (campaignAccess).
 */
export const contactLists = new Hono<AppEnv>()
  .use('*', requireAuth(), campaignAccess())
  .get('/', validate('query', listContactListsQuery), async (c) => c.json(await listContactLists(c.get('ctx'), c.req.valid('query'))))
  .get('/list', async (c) => c.json(await listContactListOptions(c.get('ctx'))))
  .get('/:id', validate('param', contactListIdParam), async (c) => c.json(await showContactList(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', contactListSchema), async (c) => c.json(await createContactList(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', contactListIdParam), validate('json', contactListSchema), async (c) =>
    c.json(await updateContactList(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', validate('param', contactListIdParam), async (c) => {
    await deleteContactList(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Contact list deleted' })
  })
  // A spreadsheet of people (multipart `file`, .xls/.xlsx): answers the counts {created, duplicated, skipped, total}.
  .post('/:id/upload', validate('param', contactListIdParam), async (c) => {
    const file = await formFile(c, 'file')
    const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
    return c.json(await importContactListFile(c.get('ctx'), c.req.valid('param').id, upload, c.get('services').numbers))
  })
