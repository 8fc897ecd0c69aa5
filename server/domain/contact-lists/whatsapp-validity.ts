import type { Tx } from '../../db/connect.ts'
import type { NumberChecker } from '../contacts/number-check.ts'

/**
 * Who decides whether a contact list item's number is on WhatsApp (docs/decisions.md "Contact list
 * validity"): a live WhatsApp session of the company (through the number check the contact import's
 * validateContact uses), else the simulator when that is the company's only phone-number channel, else
 * nobody (the item stays invalid, and campaigns skip it).
 */
export type ValiditySource = 'session' | 'simulator' | 'none'

export interface CompanyConnection {
  channel: string
  status: string
}

/** WhatsApp channels: a campaign to a list goes out through one of them. */
const WHATSAPP_CHANNELS = new Set(['whatsapp', 'whatsappapi'])

/**
 * Pure rule: ask a session when a Baileys connection of the company is connected and this process can
 * reach a checker; otherwise the simulator answers for a company whose numbers only the simulator
 * serves (no WhatsApp connection at all); otherwise nobody can.
 */
export function validitySource(connections: CompanyConnection[], hasChecker: boolean): ValiditySource {
  if (hasChecker && connections.some((c) => c.channel === 'whatsapp' && c.status === 'CONNECTED')) return 'session'
  return simulatorOnly(connections) ? 'simulator' : 'none'
}

function simulatorOnly(connections: CompanyConnection[]): boolean {
  return connections.some((c) => c.channel === 'simulator') && !connections.some((c) => WHATSAPP_CHANNELS.has(c.channel))
}

/** The simulator's own answer (workers/channels/simulator/simulator-driver.ts checkNumber): any 8-15 digits. */
export const simulatorKnows = (number: string) => /^\d{8,15}$/.test(number)

/** Questions in flight at once when a session answers. */
const CONCURRENCY = 4

/**
 * Whether each (normalised) number is on WhatsApp, as the source decides. A session that fails to
 * answer (a timeout, a socket that closed) is not asked again in this call: the remaining numbers stay
 * invalid (the company has a WhatsApp connection, so the simulator does not speak for it), and a dead
 * session costs one timeout, not one per row.
 */
export async function checkValidity(tx: Tx, companyId: number, numbers: string[], checker?: NumberChecker): Promise<Map<string, boolean>> {
  const connections = await tx<CompanyConnection[]>`select channel, status from whatsapps where company_id = ${companyId}`
  const source = validitySource(connections, checker !== undefined)
  const result = new Map<string, boolean>()
  const pending = [...new Set(numbers)]
  if (source !== 'session' || !checker) {
    for (const n of pending) result.set(n, source === 'simulator' && simulatorKnows(n))
    return result
  }
  let sessionFailed = false
  const worker = async () => {
    for (let n = pending.shift(); n !== undefined; n = pending.shift()) {
      if (sessionFailed) {
        result.set(n, false)
        continue
      }
      try {
        result.set(n, (await checker.check(companyId, n)) !== null)
      } catch {
        sessionFailed = true
        result.set(n, false)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return result
}
