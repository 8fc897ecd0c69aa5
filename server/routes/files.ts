import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../domain/app-error.ts'
import { createFileList, deleteFileList, listFileLists, showFileList, updateFileList } from '../domain/file-lists/file-lists.ts'
import { uploadList } from '../domain/file-lists/upload-list.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { fileListIdParam, fileListSchema, listFileListsQuery, uploadListParam } from './files.schema.ts'

/** File lists (spec part 2 §2, §3, §7): a company admin's (a plain user gets the no-access view, §6). */
export const files = new Hono<AppEnv>()
  .use('*', requireAuth(), guard('admin'))
  .get('/', validate('query', listFileListsQuery), async (c) => c.json(await listFileLists(c.get('ctx'), c.req.valid('query'))))
  .get('/:id', validate('param', fileListIdParam), async (c) => c.json(await showFileList(c.get('ctx'), c.req.valid('param').id)))
  .post('/', validate('json', fileListSchema), async (c) => c.json(await createFileList(c.get('ctx'), c.req.valid('json')), 201))
  .put('/:id', validate('param', fileListIdParam), validate('json', fileListSchema), async (c) =>
    c.json(await updateFileList(c.get('ctx'), c.get('services').media, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/uploadList/:fileId', validate('param', uploadListParam), async (c) => {
    const form = await Promise.resolve(c.req.formData()).catch(() => {
      throw new AppError('ERR_VALIDATION', 'Expected multipart/form-data', { fields: [{ field: 'files', message: 'Required' }] })
    })
    const uploaded = form.getAll('files').filter((f): f is File => f instanceof File && f.size > 0)
    const ids = form.getAll('id').map((v) => Number(v))
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new AppError('ERR_VALIDATION', 'id: Invalid', { fields: [{ field: 'id', message: 'Invalid' }] })
    return c.json(await uploadList(c.get('ctx'), c.get('services').media, c.req.valid('param').fileId, uploaded, ids))
  })
  .delete('/:id', validate('param', fileListIdParam), async (c) => {
    await deleteFileList(c.get('ctx'), c.get('services').media, c.req.valid('param').id)
    return c.json({ message: 'File list deleted' })
  })
