import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { listAllTags, listTags } from '../domain/tags/list-tags.ts'
import { removeTagContact } from '../domain/tags/remove-tag-contact.ts'
import { createTag, deleteTag, updateTag } from '../domain/tags/save-tag.ts'
import { showTag } from '../domain/tags/tag-view.ts'
import { requireAuth } from '../middleware/auth.ts'
import { validate } from '../middleware/validate.ts'
import { createTagSchema, listTagsQuery, tagContactParams, tagIdParam, tagOptionsQuery, updateTagSchema } from './tags.schema.ts'

/**
 * Tags (spec part 1 §7 "Tags", part 2 §2, §7). Every user reads them and creates plain ones; who changes
 * and deletes them is a domain rule (domain/tags/tag-rules.ts), as it depends on the tag. POST /tags/sync
 * shares the /tags prefix but lives with the contacts (contacts.ts), so each route names requireAuth
 * itself instead of a use('*') that would also run for that path.
 */
export const tags = new Hono<AppEnv>()
  .get('/', requireAuth(), validate('query', listTagsQuery), async (c) => c.json(await listTags(c.get('ctx'), c.req.valid('query'))))
  .get('/list', requireAuth(), validate('query', tagOptionsQuery), async (c) => c.json(await listAllTags(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', requireAuth(), validate('param', tagIdParam), async (c) => c.json(await showTag(c.get('ctx'), c.req.valid('param').id)))
  .post('/', requireAuth(), validate('json', createTagSchema), async (c) => c.json(await createTag(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', requireAuth(), validate('param', tagIdParam), validate('json', updateTagSchema), async (c) =>
    c.json(await updateTag(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', requireAuth(), validate('param', tagIdParam), async (c) => {
    await deleteTag(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Tag deleted' })
  })

/** DELETE /tags-contacts/{tagId}/{contactId} (spec part 2 §7): one contact off a tag. */
export const tagsContacts = new Hono<AppEnv>().delete('/:tagId/:contactId', requireAuth(), validate('param', tagContactParams), async (c) => {
  const { tagId, contactId } = c.req.valid('param')
  return c.json(await removeTagContact(c.get('ctx'), tagId, contactId))
})
