import { atom } from 'jotai'
import type { PlanFlags, User } from '../lib/types.ts'
import { local } from './storage.ts'

export const TOKEN_KEY = 'token'

/** The access token (also in localStorage under `token`); null when logged out. */
export const tokenAtom = atom<string | null>(local.get(TOKEN_KEY))

/** The logged-in user, from POST /auth/login or GET /auth/me. */
export const userAtom = atom<User | null>(null)

/** The company's plan flags, from GET /companies/listPlan/{companyId}; null until loaded. */
export const planAtom = atom<PlanFlags | null>(null)
