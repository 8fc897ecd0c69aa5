import { Workbox } from 'workbox-window'
import { store } from '../state/store.ts'
import { updateAvailableAtom } from '../state/ui.ts'

let workbox: Workbox | null = null

/** Registers /sw.js in production builds only; a waiting new version raises the update prompt. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js')
  workbox.addEventListener('waiting', () => store.set(updateAvailableAtom, true))
  workbox.register().catch((err) => console.warn('service worker registration failed', err))
}

/** The user accepted the new version: activate it and reload once it controls the page. */
export function applyUpdate(): void {
  store.set(updateAvailableAtom, false)
  if (!workbox) return location.reload()
  workbox.addEventListener('controlling', () => location.reload())
  workbox.messageSkipWaiting()
}

export function dismissUpdate(): void {
  store.set(updateAvailableAtom, false)
}
