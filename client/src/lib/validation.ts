/**
 * Form rules with the spec's own messages (part 1 §5 User form, part 2 §5 Sign-up). A rule answers the
 * i18n key of its message, or null; the messages themselves are in i18n/*.json under validation.*.
 */
export type Problem = 'validation.required' | 'validation.tooShort' | 'validation.tooLong' | 'validation.invalidEmail' | null

export function lengthProblem(value: string, min: number, max: number, required = true, trim = true): Problem {
  const v = trim ? value.trim() : value
  if (!v) return required ? 'validation.required' : null
  if (v.length < min) return 'validation.tooShort'
  if (v.length > max) return 'validation.tooLong'
  return null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailProblem(value: string): Problem {
  const v = value.trim()
  if (!v) return 'validation.required'
  return EMAIL.test(v) ? null : 'validation.invalidEmail'
}

export function requiredProblem(value: string | number | null | undefined): Problem {
  return value === null || value === undefined || String(value).trim() === '' ? 'validation.required' : null
}

export type Problems<K extends string> = Partial<Record<K, Exclude<Problem, null>>>

function collect<K extends string>(checks: Record<K, Problem>): Problems<K> {
  const out: Problems<K> = {}
  for (const [k, p] of Object.entries(checks) as [K, Problem][]) if (p) out[k] = p
  return out
}

export interface SignupValues {
  name: string
  companyName: string
  email: string
  password: string
  phone: string
  planId: string
}

/** Sign-up (part 2 §5): name 2-50, companyName 2-50, password 5-50, email, phone and plan required. */
export function signupProblems(v: SignupValues): Problems<keyof SignupValues> {
  return collect({
    name: lengthProblem(v.name, 2, 50),
    companyName: lengthProblem(v.companyName, 2, 50),
    email: emailProblem(v.email),
    password: lengthProblem(v.password, 5, 50, true, false),
    phone: requiredProblem(v.phone),
    planId: requiredProblem(v.planId),
  })
}

export interface ProfileValues {
  name: string
  email: string
  password: string
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
}

/** Own profile (part 1 §5 User form): name 2-50, email valid, password 5-50 or empty to keep it. */
export function profileProblems(v: ProfileValues): Problems<'name' | 'email' | 'password'> {
  return collect({
    name: lengthProblem(v.name, 2, 50),
    email: emailProblem(v.email),
    password: lengthProblem(v.password, 5, 50, false, false),
  })
}

export const hasProblems = (p: object) => Object.keys(p).length > 0
