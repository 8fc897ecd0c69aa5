import { atom } from 'jotai'
import type { Branding } from '../lib/branding.ts'

/** The public white-label settings once read (empty until then: defaults apply). */
export const brandingAtom = atom<Branding>({})
