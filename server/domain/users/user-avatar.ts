import type { MediaStore } from '../../media/media-store.ts'
import { AppError } from '../app-error.ts'
import type { DomainCtx } from '../context.ts'
import { can } from '../permissions.ts'
import { findUserView, type UserView } from './user-view.ts'

/** POST /users/{id}/media-upload: stores the avatar image and replaces the previous one. */
export async function setUserAvatar(ctx: DomainCtx, media: MediaStore, userId: number, file: File): Promise<UserView> {
  if (ctx.auth.user.id !== userId && !can(ctx.auth, 'admin')) throw new AppError('ERR_NO_PERMISSION')
  const [current] = await ctx.tx<{ companyId: number; profileImage: string | null }[]>`
    select company_id, profile_image from users where id = ${userId}`
  if (!current) throw new AppError('ERR_NO_USER_FOUND')
  const stored = await media.save(current.companyId, file, 'image')
  await ctx.tx`update users set profile_image = ${stored.fileName} where id = ${userId}`
  await media.remove(current.companyId, current.profileImage)
  const user = (await findUserView(ctx.tx, userId))!
  ctx.emit({ type: 'user', companyId: current.companyId, payload: { action: 'update', user } })
  return user
}
