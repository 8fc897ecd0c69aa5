import { describe, expect, test } from 'bun:test'
import { activeEntryPath, type SideMenuSection } from './side-menu.tsx'

const entry = (path: string) => ({ key: path, path, label: path, icon: 'home' })
const sections: SideMenuSection[] = [
  { key: 'top', title: null, entries: [entry('/'), entry('/tickets'), entry('/contacts')] },
  { key: 'admin', title: 'Administração', entries: [entry('/contacts/import'), entry('/flowbuilders')] },
]

describe('the side menu entry an address belongs to', () => {
  test('a chat under /tickets keeps /tickets highlighted: the menu has nothing to paint on a chat opened', () => {
    expect(activeEntryPath(sections, '/tickets')).toBe('/tickets')
    expect(activeEntryPath(sections, '/tickets/0b6f8a52-3c1d-4e0a-9f1e-2a4b6c8d0e1f')).toBe('/tickets')
  })

  test('home only at /, the most specific entry wins, no prefix without its slash, nothing for an unknown page', () => {
    expect(activeEntryPath(sections, '/')).toBe('/')
    expect(activeEntryPath(sections, '/contacts/import')).toBe('/contacts/import')
    expect(activeEntryPath(sections, '/contacts/12')).toBe('/contacts')
    expect(activeEntryPath(sections, '/flowbuilder/3')).toBe('')
    expect(activeEntryPath(sections, '/nowhere')).toBe('')
  })
})
