import { describe, expect, test } from 'bun:test'
import type { AuthContext } from './auth/auth-context.ts'
import { AppError } from './app-error.ts'
import { assertPlanFeature, can, permissionRules, type Permission } from './permissions.ts'

function actor(user: Partial<AuthContext['user']> = {}, plan: Partial<AuthContext['plan']> = {}): AuthContext {
  return {
    sessionId: 's',
    company: { id: 2, name: 'C', status: true, dueDate: '2999-01-01' },
    user: {
      id: 10, companyId: 2, name: 'U', email: 'u@x', profile: 'user', super: false, allTicket: 'disable', allowGroup: false,
      allHistoric: 'disabled', allUserChat: 'disabled', userClosePendingTicket: 'disabled', showDashboard: 'disabled',
      allowRealTime: 'disabled', allowConnections: 'disabled', queueIds: [], ...user,
    },
    plan: {
      id: 1, users: 1, connections: 1, queues: 1, useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true,
      useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true, ...plan,
    },
  }
}

/** Which switch turns each permission on for a plain user (spec part 1 §6, part 2 §6). */
const grantedBySwitch: Partial<Record<Permission, Partial<AuthContext['user']>>> = {
  'dashboard:view': { showDashboard: 'enabled' },
  'realtime:view': { allowRealTime: 'enabled' },
  'connections:view': { allowConnections: 'enabled' },
  'tickets:showAll': { allUserChat: 'enabled' },
  'tickets:group': { allowGroup: true },
  'tickets:noQueue': { allTicket: 'enable' },
  'tickets:closePending': { userClosePendingTicket: 'enabled' },
  'tickets:history': { allHistoric: 'enabled' },
}

describe('permission rules', () => {
  const all = Object.keys(permissionRules) as Permission[]

  test('a plain user with every switch off has no permission at all', () => {
    expect(all.filter((p) => can(actor(), p))).toEqual([])
  })

  test('an admin has every permission except super and the group tab', () => {
    const admin = actor({ profile: 'admin' })
    expect(all.filter((p) => !can(admin, p)).sort()).toEqual(['super', 'tickets:group'])
  })

  test('the super user has every permission but the group tab, which needs allowGroup', () => {
    expect(all.filter((p) => !can(actor({ super: true }), p))).toEqual(['tickets:group'])
    expect(can(actor({ super: true, allowGroup: true }), 'tickets:group')).toBe(true)
  })

  for (const [permission, grant] of Object.entries(grantedBySwitch)) {
    test(`the switch ${Object.keys(grant!)[0]} grants ${permission} to a plain user and nothing else`, () => {
      const granted = all.filter((p) => can(actor(grant), p))
      expect(granted).toEqual([permission as Permission])
    })
  }
})

describe('plan features', () => {
  test('a disabled feature is refused with ERR_PLAN_FEATURE_DISABLED naming it', () => {
    const a = actor({ profile: 'admin' }, { useCampaigns: false })
    try {
      assertPlanFeature(a, 'useCampaigns')
      throw new Error('should have thrown')
    } catch (err) {
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('ERR_PLAN_FEATURE_DISABLED')
      expect((err as AppError).status).toBe(403)
      expect((err as AppError).details).toEqual({ feature: 'useCampaigns' })
    }
    expect(() => assertPlanFeature(a, 'useKanban')).not.toThrow()
  })
})
