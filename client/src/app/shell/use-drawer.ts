import { useAtom } from 'jotai'
import { useEffect } from 'react'
import { drawerOpenAtom } from '../../state/ui.ts'

/**
 * Drawer state: at ≥ 600 px it starts open or closed from the user's defaultMenu; narrower it is a
 * temporary drawer that starts closed (spec part 1 §2 Layout).
 */
export function useDrawer(wide: boolean, defaultMenu: 'open' | 'closed' | undefined) {
  const [open, setOpen] = useAtom(drawerOpenAtom)
  useEffect(() => {
    setOpen(wide ? defaultMenu !== 'closed' : false)
  }, [wide, defaultMenu, setOpen])
  return {
    open: open ?? false,
    toggle: () => setOpen((o) => !o),
    close: () => setOpen(false),
  }
}
