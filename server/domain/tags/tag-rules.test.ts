import { describe, expect, test } from 'bun:test'
import { createTagPermission, manageTagPermission } from './tag-rules.ts'

describe('managing a tag', () => {
  test('a kanban lane needs dashboard:view, the right behind the board columns page', () => {
    expect(manageTagPermission(1)).toBe('dashboard:view')
  })
  test('a plain tag needs an admin', () => {
    expect(manageTagPermission(0)).toBe('admin')
  })
})

describe('creating a tag', () => {
  test('a plain tag needs no permission', () => {
    expect(createTagPermission(0)).toBeNull()
  })
  test('a lane needs what managing lanes needs', () => {
    expect(createTagPermission(1)).toBe('dashboard:view')
  })
})
