import type { Queryable } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'
import { MAIN_COMPANY_ID } from '../auth/auth-context.ts'
import type { DomainCtx } from '../context.ts'
import { logoSettingKeys } from '../settings/save-setting.ts'

/** A platform logo: a file of company 1 named by appLogoLight, appLogoDark or appLogoFavicon. Anyone reads it (login page). */
export async function isPlatformLogo(sql: Queryable, companyId: number, fileName: string): Promise<boolean> {
  if (companyId !== MAIN_COMPANY_ID) return false
  const [row] = await sql`select 1 from settings where key in ${sql([...logoSettingKeys])} and value = ${fileName}`
  return Boolean(row)
}

/**
 * GET /media/{companyId}/{fileName} with a session: a user reads the files of their own company, and
 * any user reads the attachment of an announcement they may see (active ones; all of them for the
 * super user). Anything else is a 404, so that nobody learns which files another company has.
 */
export async function assertCanReadMedia(ctx: DomainCtx, companyId: number, fileName: string): Promise<void> {
  const { tx, auth } = ctx
  if (companyId === auth.user.companyId) return
  const [announcement] = await tx`
    select 1 from announcements
     where company_id = ${companyId} and media_path = ${fileName} and (${auth.user.super} or status)`
  if (announcement) return
  throw new AppError('ERR_NOT_FOUND', 'No such file')
}
