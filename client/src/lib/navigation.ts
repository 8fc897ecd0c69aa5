type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigate: Navigate | null = null

/** The router registers its navigate function here so the data layer (api, realtime) can move the user. */
export function setNavigator(fn: Navigate | null): void {
  navigate = fn
}

export function goTo(path: string): void {
  navigateTo(path, { replace: true })
}

/**
 * Moves to an absolute path, as react-router's navigate does. Components call this instead of
 * useNavigate(): under a BrowserRouter that hook subscribes its component to every location change, so
 * the whole shell (menu, top bar, account menu) rendered again on each chat opened (bench/ui.ts profile).
 */
export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigate) navigate(path, options)
  else if (typeof location !== 'undefined' && location.pathname !== path) location.assign(path)
}
