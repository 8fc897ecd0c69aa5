import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { listAllUsers, listUsers } from '../domain/users/list-users.ts'
import { createUser, deleteUser, saveTicketsWidth, updateUser } from '../domain/users/save-user.ts'
import { setUserAvatar } from '../domain/users/user-avatar.ts'
import { findUserView } from '../domain/users/user-view.ts'
import { AppError } from '../domain/app-error.ts'
import { assertSelfOrAdmin } from '../domain/permissions.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { formFile } from './upload.ts'
import { idParam } from './common.schema.ts'
import { createUserSchema, listUsersQuery, toggleWidthSchema, updateUserSchema } from './users.schema.ts'

/** Users (spec part 1 §7 Users, part 2 §7). Listing is open to every user: forms pick users from it. */
export const users = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', validate('query', listUsersQuery), async (c) => c.json(await listUsers(c.get('ctx'), c.req.valid('query'))))
  .get('/list', async (c) => c.json(await listAllUsers(c.get('ctx'))))
  .put('/toggleChangeWidht/:id', validate('param', idParam), validate('json', toggleWidthSchema), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await saveTicketsWidth(c.get('ctx'), id, c.req.valid('json').defaultTicketsManagerWidth))
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param')
    assertSelfOrAdmin(c.get('auth'), id)
    const user = await findUserView(c.get('tx'), id)
    if (!user) throw new AppError('ERR_NO_USER_FOUND')
    return c.json(user)
  })
  .post('/', guard('admin'), validate('json', createUserSchema), async (c) =>
    c.json(await createUser(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id', validate('param', idParam), validate('json', updateUserSchema), async (c) =>
    c.json(await updateUser(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('admin'), validate('param', idParam), async (c) => {
    await deleteUser(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'User deleted' })
  })
  .post('/:id/media-upload', validate('param', idParam), async (c) => {
    const file = await formFile(c, 'profileImage', 'file')
    return c.json(await setUserAvatar(c.get('ctx'), c.get('services').media, c.req.valid('param').id, file))
  })
