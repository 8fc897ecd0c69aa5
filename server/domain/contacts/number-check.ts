import { AppError } from '../app-error.ts'

/**
 * Asks WhatsApp whether a number has an account, through one of the company's live sessions. Sessions
 * live in worker processes (workers/channel-host.ts): the worker running in this process provides one.
 */
export interface NumberChecker {
  /** The number as WhatsApp knows it, or null when it has no account; throws when no session could ask. */
  check(companyId: number, number: string): Promise<string | null>
}

/**
 * validateContact (spec part 1 §3 error codes): the number WhatsApp answers for `number`. 400
 * ERR_WAPP_INVALID_CONTACT when it has no account, 400 ERR_WAPP_CHECK_CONTACT when the question could
 * not be asked (no connected WhatsApp session here, or the session failed to answer).
 */
export async function checkOnWhatsApp(checker: NumberChecker | undefined, companyId: number, number: string): Promise<string> {
  let answer: string | null
  try {
    if (!checker) throw new Error('no WhatsApp session runs in this process')
    answer = await checker.check(companyId, number)
  } catch (err) {
    throw new AppError('ERR_WAPP_CHECK_CONTACT', `Could not check ${number} on WhatsApp: ${(err as Error).message}`)
  }
  if (!answer) throw new AppError('ERR_WAPP_INVALID_CONTACT', `${number} is not on WhatsApp`, { fields: [{ field: 'number', message: 'Not on WhatsApp' }] })
  return answer
}
