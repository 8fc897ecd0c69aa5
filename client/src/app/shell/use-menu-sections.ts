import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import type { SideMenuSection } from './side-menu.tsx'
import { useHelpList } from '../../features/helps/index.ts'
import { groupMenu, menuEntries, type MenuContext } from '../menu.ts'
import { planAtom, userAtom } from '../../state/auth.ts'
import { campaignFlagAtom } from '../../state/flags.ts'
import { useCampaignFlagMirror } from '../../features/campaign-settings/index.ts'

/**
 * The menu context of the logged-in user (profile, switches, plan flags, help count, cshow). The cshow
 * flag follows the company's campaign switch here, as the shell mounts the menu once.
 */
export function useMenuContext(): MenuContext | null {
  const user = useAtomValue(userAtom)
  const plan = useAtomValue(planAtom)
  const { helps } = useHelpList(user !== null)
  useCampaignFlagMirror()
  const cshow = useAtomValue(campaignFlagAtom)
  if (!user) return null
  return { user, plan, helpsCount: helps.length, cshow }
}

/** Side-menu sections with translated labels. */
export function useMenuSections(ctx: MenuContext | null): SideMenuSection[] {
  const { t } = useTranslation()
  if (!ctx) return []
  return groupMenu(menuEntries(ctx)).map((section) => ({
    key: section.group ?? 'top',
    title: section.group ? t(`menu.groups.${section.group}`) : null,
    entries: section.entries.map((e) => ({ key: e.key, path: e.path, icon: e.icon, label: t(`menu.items.${e.key}`) })),
  }))
}
