import type { Db } from '../db/tenant.ts'
import { withSystem } from '../db/tenant.ts'
import { randomSecret } from '../auth/tokens.ts'
import { insertCompanyRow } from './companies/insert-company.ts'
import { insertDefaultSettings } from './settings/settings.ts'
import { insertUserRow } from './users/insert-user.ts'
import { generateToken } from './connections/connection-rules.ts'

export interface SeedInput {
  adminEmail?: string
  adminPassword?: string
  /** Create the simulator connection (a test channel; never the default connection). */
  simulator?: boolean
}

/** The seeded simulator's name says what it is, on the connections page and in every picker. */
export const SIMULATOR_NAME = 'Simulador (canal de teste)'

export interface SeedResult {
  /** Set only when this start created the super user. */
  createdAdmin?: { email: string; password?: string; generated: boolean }
}

/**
 * First start: default settings, a plan with every feature, company 1 (never expires), the super user
 * and, when asked (SEED_SIMULATOR; by default on the embedded PGlite only), a simulator connection. The
 * simulator is never the default connection: schedules and API sends that name no connection must not
 * go to a channel that reports delivered and read while nobody received anything.
 * Idempotent: later starts change nothing. No default password exists: one is generated when
 * ADMIN_PASSWORD is unset and shown once.
 */
export async function seedFirstStart(db: Db, input: SeedInput): Promise<SeedResult> {
  return withSystem(db, async (tx) => {
    await tx`select pg_advisory_xact_lock(727275)`
    await insertDefaultSettings(tx)
    const [existing] = await tx`select id from companies where id = 1`
    if (existing) return {}
    const [plan] = await tx<{ id: number }[]>`
      insert into plans (name, users, connections, queues, amount, is_public)
      values ('Plano Completo', 100, 100, 100, 0, false)
      on conflict (name) do update set name = excluded.name
      returning id`
    const companyId = await insertCompanyRow(tx, {
      name: 'Empresa 1',
      planId: plan.id,
      status: true,
      dueDate: '2999-12-31',
      recurrence: 'ANUAL',
      numberAttendants: 100,
      numberConections: 100,
    })
    const generated = !input.adminPassword
    const password = input.adminPassword ?? randomSecret(12)
    const email = (input.adminEmail ?? 'admin@balcao.local').toLowerCase()
    await insertUserRow(tx, companyId, {
      name: 'Administrador',
      email,
      password,
      profile: 'admin',
      super: true,
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
      allTicket: 'enable',
      allowGroup: true,
      allHistoric: 'enabled',
      allUserChat: 'enabled',
    })
    // A simulator connection, so a newcomer sees tickets arrive (POST /simulator/{id}/inbound, `bun run simulate`).
    if (input.simulator) {
      await tx`insert into whatsapps ${tx({
        companyId,
        name: SIMULATOR_NAME,
        channel: 'simulator',
        status: 'CONNECTED',
        isDefault: false,
        token: generateToken(),
      })}`
    }
    return { createdAdmin: { email, password: generated ? password : undefined, generated } }
  })
}
