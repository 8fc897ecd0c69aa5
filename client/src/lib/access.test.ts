import { describe, expect, test } from 'bun:test'
import { landingPath } from './access.ts'

describe('landingPath (spec part 1 §4 Session)', () => {
  test('admins, super users and users with showDashboard land on /; other users on /tickets', () => {
    expect(landingPath({ profile: 'admin', super: false, showDashboard: 'disabled' })).toBe('/')
    expect(landingPath({ profile: 'user', super: true, showDashboard: 'disabled' })).toBe('/')
    expect(landingPath({ profile: 'user', super: false, showDashboard: 'enabled' })).toBe('/')
    expect(landingPath({ profile: 'user', super: false, showDashboard: 'disabled' })).toBe('/tickets')
    expect(landingPath(null)).toBe('/')
  })
})
