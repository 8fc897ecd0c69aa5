type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigate: Navigate | null = null

/** The router registers its navigate function here so the data layer (api, realtime) can move the user. */
export function setNavigator(fn: Navigate | null): void {
  navigate = fn
}

export function goTo(path: string): void {
  if (navigate) navigate(path, { replace: true })
  else if (typeof location !== 'undefined' && location.pathname !== path) location.assign(path)
}
