import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { showContactListItem } from '../domain/contact-lists/contact-list-item-view.ts'
import { listContactListItems } from '../domain/contact-lists/list-contact-list-items.ts'
import { createContactListItem, deleteContactListItem, updateContactListItem } from '../domain/contact-lists/save-contact-list-item.ts'
import { requireAuth } from '../middleware/auth.ts'
import { campaignAccess } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { contactListItemIdParam, createContactListItemSchema, listContactListItemsQuery, updateContactListItemSchema } from './contact-list-items.schema.ts'

/** Contact list items (spec part 2 §2, §3, §5, §7): behind the same gates as the lists (campaignAccess). */
export const contactListItems = new Hono<AppEnv>()
  .use('*', requireAuth(), campaignAccess())
  .get('/', validate('query', listContactListItemsQuery), async (c) => c.json(await listContactListItems(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', contactListItemIdParam), async (c) => c.json(await showContactListItem(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', createContactListItemSchema), async (c) =>
    c.json(await createContactListItem(c.get('ctx'), c.req.valid('json'), c.get('services').numbers), 201),
  )
  .put('/:id', validate('param', contactListItemIdParam), validate('json', updateContactListItemSchema), async (c) =>
    c.json(await updateContactListItem(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'), c.get('services').numbers)),
  )
  .delete('/:id', validate('param', contactListItemIdParam), async (c) => {
    await deleteContactListItem(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Contact list item deleted' })
  })
