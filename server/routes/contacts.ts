import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { listContactOptions, listContacts } from '../domain/contacts/list-contacts.ts'
import { contactProfile, showContact } from '../domain/contacts/show-contact.ts'
import { createContact, updateContact } from '../domain/contacts/save-contact.ts'
import { deleteContact } from '../domain/contacts/delete-contact.ts'
import { setContactActive, toggleAcceptAudio, toggleDisableBot } from '../domain/contacts/toggle-contact.ts'
import { listContactTags, syncContactTags } from '../domain/contacts/contact-tags.ts'
import { importContactFile, importContactRow } from '../domain/contacts/import-contacts.ts'
import { importPhoneContacts } from '../domain/contacts/import-phone-contacts.ts'
import { removeContactWallet, setContactWallet, showContactWallet } from '../domain/contacts/contact-wallet.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import {
  blockContactSchema, contactIdParam, contactOptionsQuery, contactUploadSchema, contactWalletSchema, createContactSchema, importContactSchema, phoneImportSchema,
  listContactsQuery, profileParam, syncTagsSchema, updateContactSchema,
} from './contacts.schema.ts'
import { formFile } from './upload.ts'

/** 202 {reading} while the sessions read the phone (asked on the first call), then 200 with the counts. */
function phoneImport(source: 'contacts' | 'chats') {
  return async (c: Context<AppEnv, string, { out: { json: z.infer<typeof phoneImportSchema> } }>) => {
    const answer = await importPhoneContacts(c.get('ctx'), source, c.req.valid('json').whatsappId)
    return c.json(answer, 'reading' in answer ? 202 : 200)
  }
}

/**
 * Contacts (spec part 1 §7 Contacts and Tags, part 2 §7). Mounted at the root because the spec spreads
 * them over /contacts, /tags/sync and /contactTags; each route names its own guards. Every user works
 * contacts from the ticket drawer; only deleting needs contacts:delete. Bulk import is admin-only, as
 * spec part 1 §6 keeps the import page (docs/decisions.md "Contact import"), including POST
 * /contacts/import and /contacts/import/chats (the phone's address book and chat list).
 */
export const contacts = new Hono<AppEnv>()
  .get('/contacts', requireAuth(), validate('query', listContactsQuery), async (c) =>
    c.json(await listContacts(c.get('ctx'), c.req.valid('query'))),
  )
  .get('/contacts/list', requireAuth(), validate('query', contactOptionsQuery), async (c) =>
    c.json(await listContactOptions(c.get('ctx'), c.req.valid('query'))),
  )
  .get('/contacts/profile/:number', requireAuth(), validate('param', profileParam), async (c) =>
    c.json(await contactProfile(c.get('ctx'), c.req.valid('param').number)),
  )
  .put('/contacts/block/:id', requireAuth(), validate('param', idParam), validate('json', blockContactSchema), async (c) =>
    c.json(await setContactActive(c.get('ctx'), c.req.valid('param').id, c.req.valid('json').active)),
  )
  .put('/contacts/toggleAcceptAudio/:contactId', requireAuth(), validate('param', contactIdParam), async (c) =>
    c.json(await toggleAcceptAudio(c.get('ctx'), c.req.valid('param').contactId)),
  )
  .put('/contacts/toggleDisableBot/:contactId', requireAuth(), validate('param', contactIdParam), async (c) =>
    c.json(await toggleDisableBot(c.get('ctx'), c.req.valid('param').contactId)),
  )
  .get('/contacts/:contactId/wallet', requireAuth(), validate('param', contactIdParam), async (c) =>
    c.json(await showContactWallet(c.get('ctx'), c.req.valid('param').contactId)),
  )
  .put('/contacts/:contactId/wallet', requireAuth(), guard('admin'), validate('param', contactIdParam), validate('json', contactWalletSchema), async (c) =>
    c.json(await setContactWallet(c.get('ctx'), c.req.valid('param').contactId, c.req.valid('json'))),
  )
  .delete('/contacts/:contactId/wallet', requireAuth(), guard('admin'), validate('param', contactIdParam), async (c) => {
    await removeContactWallet(c.get('ctx'), c.req.valid('param').contactId)
    return c.body(null, 204)
  })
  .get('/contacts/:id', requireAuth(), validate('param', idParam), async (c) =>
    c.json(await showContact(c.get('ctx'), c.req.valid('param').id)),
  )
  .post('/contacts', requireAuth(), validate('json', createContactSchema), async (c) =>
    c.json(await createContact(c.get('ctx'), c.req.valid('json')), 201),
  )
  // One row of the import page: 201 with the new contact, 200 with the one that already has the number.
  .post('/contactsImport', requireAuth(), guard('admin'), validate('json', importContactSchema), async (c) => {
    const { status, contact } = await importContactRow(c.get('ctx'), c.req.valid('json'), c.get('services').numbers)
    return c.json(contact, status === 'created' ? 201 : 200)
  })
  // A whole file (multipart `file`, optional mapping fields name, number, email, tags, and the chosen `rows`): answers the counts.
  .post('/contacts/upload', requireAuth(), guard('admin'), validate('form', contactUploadSchema), async (c) => {
    const file = await formFile(c, 'file')
    const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
    const { rows, ...mapping } = c.req.valid('form')
    return c.json(await importContactFile(c.get('ctx'), upload, mapping, rows))
  })
  // The phone's address book / chat list, read from the connections' sessions for this import.
  .post('/contacts/import', requireAuth(), guard('admin'), validate('json', phoneImportSchema), phoneImport('contacts'))
  .post('/contacts/import/chats', requireAuth(), guard('admin'), validate('json', phoneImportSchema), phoneImport('chats'))
  .put('/contacts/:id', requireAuth(), validate('param', idParam), validate('json', updateContactSchema), async (c) =>
    c.json(await updateContact(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/contacts/:id', requireAuth(), guard('contacts:delete'), validate('param', idParam), async (c) => {
    await deleteContact(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Contact deleted' })
  })
  .post('/tags/sync', requireAuth(), validate('json', syncTagsSchema), async (c) => {
    const { contactId, tags } = c.req.valid('json')
    return c.json(await syncContactTags(c.get('ctx'), contactId, tags))
  })
  .get('/contactTags/:contactId', requireAuth(), validate('param', contactIdParam), async (c) =>
    c.json(await listContactTags(c.get('ctx'), c.req.valid('param').contactId)),
  )
