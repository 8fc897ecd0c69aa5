import type { RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, logTicket, type RunState } from './routing-effects.ts'

/**
 * Wallets (company setting DirectTicketsToWallets; anchor §3.3 MF): a waiting ticket that nobody holds
 * and no queue took yet, of a contact whose wallet names an attendant, goes straight to that attendant
 * (open, logged 'open'), in the wallet's queue when it has one; the bot leaves it alone. The wallet's
 * user must still belong to the company (deleting a user drops their wallets).
 */
export async function applyWallet(ctx: RoutingCtx, state: RunState): Promise<RuleOutcome> {
  if (!state.directTicketsToWallets || state.status !== 'pending' || state.userId !== null || state.queueId !== null) return 'next'
  const [wallet] = await ctx.tx<{ userId: number; queueId: number | null }[]>`
    select user_id, queue_id from contact_wallets where contact_id = ${state.contactId}`
  if (!wallet) return 'next'
  await changeTicket(ctx, state, { status: 'open', userId: wallet.userId, queueId: wallet.queueId, isBot: false, acceptedAt: ctx.now() })
  await logTicket(ctx, state, 'open', { userId: wallet.userId, queueId: wallet.queueId })
  return 'done'
}
