import type { Db } from '../db/tenant.ts'
import { withSystem } from '../db/tenant.ts'
import { randomSecret } from './tokens.ts'

/**
 * JWT_SECRET when set; otherwise a secret generated on first start and kept in the database,
 * so every instance on the same database signs with the same key. There is no built-in default.
 */
export async function loadJwtSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  return withSystem(db, async (tx) => {
    await tx`insert into system_secrets (name, value) values ('jwt', ${randomSecret()}) on conflict (name) do nothing`
    const [row] = await tx<{ value: string }[]>`select value from system_secrets where name = 'jwt'`
    return row.value
  })
}
