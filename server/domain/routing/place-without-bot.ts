import type { RoutingCtx } from './routing-context.ts'
import { changeTicket, logTicket, type RunState } from './routing-effects.ts'
import { sendIdQueueOf } from './queue-menu.ts'
import { loadConnectionQueues } from './routing-state.ts'
import { applyWallet } from './wallet.ts'

/**
 * A contact with disableBot gets no automatic message, but their waiting ticket still lands where a human
 * sees it (issue 15 item 7; it used to stay queue-less, invisible to attendants without allTicket): the
 * wallet's attendant (with DirectTicketsToWallets), else the connection's only queue, else its
 * sendIdQueue. With several queues and no sendIdQueue it waits without one, as the menu would have made
 * the contact choose. Silent: a queue entered here sends no greeting and starts no option tree.
 */
export async function placeWithoutBot(ctx: RoutingCtx, state: RunState): Promise<void> {
  if (state.status !== 'pending' || state.userId !== null || state.queueId !== null) return
  if ((await applyWallet(ctx, state)) === 'done') return
  const queues = await loadConnectionQueues(ctx.tx, state.whatsappId)
  const queue = queues.length === 1 ? queues[0] : await sendIdQueueOf(ctx, state)
  if (!queue) return
  await changeTicket(ctx, state, { queueId: queue.id, isBot: false })
  await logTicket(ctx, state, 'queue', { queueId: queue.id })
}
