import { atom } from 'jotai'
import { store } from './store.ts'

export type ToastKind = 'error' | 'success' | 'info' | 'warning'
export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

/** Toasts close by themselves after this long (spec part 1 §9: 3000 ms in the app shell). */
export const TOAST_MS = 3000

export const toastsAtom = atom<Toast[]>([])

let nextId = 1

export function pushToast(kind: ToastKind, text: string): number {
  const id = nextId++
  store.set(toastsAtom, (list) => [...list, { id, kind, text }])
  setTimeout(() => dismissToast(id), TOAST_MS)
  return id
}

/** Closes every toast of a kind now (a refusal must not stand beside an earlier "saved"). */
export function dismissToasts(kind: ToastKind): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.kind !== kind))
}

export function dismissToast(id: number): void {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id))
}
