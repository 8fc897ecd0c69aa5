import { confirmCampaignReply } from '../campaigns/campaign-delivery.ts'
import { applyCollectiveVacation } from './collective-vacation.ts'
import { applyLgpdConsent } from './lgpd-consent.ts'
import { applyNpsReply } from './nps-reply.ts'
import { applyOptionTree } from './option-tree.ts'
import { applyOutOfHours } from './out-of-hours.ts'
import { applyQueueMenu } from './queue-menu.ts'
import { placeWithoutBot } from './place-without-bot.ts'
import { applyAudioRefusal } from './refuse-audio.ts'
import { applyWallet } from './wallet.ts'
import type { RouteInput, RoutingCtx, RuleOutcome } from './routing-context.ts'
import { emitTicketUpdate, logTicket, type RunState } from './routing-effects.ts'
import { loadRoutingState, loadRoutingStates } from './routing-state.ts'
import { botsPaused } from '../companies/company-standing.ts'
// Issue 21: the flow rule (running flow, phrase campaigns, welcome and not-phrase flows).
import { applyFlow } from '../flows/runtime/apply-flow.ts'
// Issue 22: a ticket handed to an n8n or webhook integration sends it the message.
import { applyIntegration } from '../integrations/runtime/hand-over.ts'
// Issue 22: keyword auto-replies, before the queue menu.
import { applyAutoReply } from '../auto-replies/apply-auto-reply.ts'

/** Message kinds that never wake the bot: reactions, call logs (answered by the call rule), stickers' edits. */
const NOT_CONVERSATION = new Set(['reactionMessage', 'call_log', 'protocolMessage'])

/**
 * Why the bot leaves this message alone (anchor §3.2 steps 3 and 11, §9.3, §9.14), or null: our own
 * messages, groups, imported history, a contact with disableBot, closed tickets.
 */
export function botSkipReason(state: RunState, input: RouteInput): string | null {
  if (input.message.fromMe) return 'fromMe'
  if (NOT_CONVERSATION.has(input.message.mediaType)) return 'notConversation'
  if (state.isGroup || state.status === 'group') return 'group'
  if (state.imported) return 'imported'
  if (state.disableBot) return 'disableBot'
  if (state.status === 'closed' || state.status === 'nps') return 'notLive'
  return null
}

/** A contact's message to a ticket waiting for its rating (groups never get one, ask-rating.ts). */
const isRatingAnswer = (state: RunState, input: RouteInput) =>
  state.status === 'nps' && !input.message.fromMe && !NOT_CONVERSATION.has(input.message.mediaType) && !state.isGroup

/** A ticket a user holds is theirs: the bot does not answer in it (out-of-hours aside, which runs before). */
async function skipAssigned(_ctx: RoutingCtx, state: RunState): Promise<RuleOutcome> {
  return state.userId !== null ? 'done' : 'next'
}

type Rule = (ctx: RoutingCtx, state: RunState, input: RouteInput) => Promise<RuleOutcome>

/**
 * The rules in the anchors' order (MF's LGPD status first, then the collective vacation and anchor §3.2
 * steps 12 to 14, the wallet and the audio refusal before the bot); the first that answers ends the run.
 * The rating answer (status nps) is taken before any of them, in routeInbound.
 */
// Issue 21: applyFlow after skipAssigned (a held ticket never runs a flow) and before the queue menu.
// Issue 22: applyIntegration before the flows: a ticket handed to an integration stays with it; keyword
// auto-replies after the flows, before the queue menu.
const RULES: Rule[] = [applyLgpdConsent, applyCollectiveVacation, applyOutOfHours, applyWallet, applyAudioRefusal, skipAssigned, applyIntegration, applyFlow, applyAutoReply, applyQueueMenu, applyOptionTree]

/**
 * What happens to a customer's message before a human answers (issue 6): the rating answer, LGPD
 * consent, collective vacation, business hours, wallets, refused audio, the queue menu, the option tree. Runs in the inbound pipeline's transaction once the message is stored,
 * with the ticket row locked, so a burst of one contact's messages routes one at a time. Every reply is
 * a system message through the outbound queue; one `ticket` event announces the changes.
 */
export async function routeInbound(ctx: RoutingCtx, input: RouteInput): Promise<void> {
  const state: RunState | null = input.state !== undefined ? input.state : await loadRoutingState(ctx.tx, input.ticket.id)
  if (!state) return
  state.inboundMessageId = input.message.id
  // A reply to a campaign's confirmation question sends the campaign's message (issue 20).
  if (state.awaitsConfirmation && !input.message.fromMe && !state.isGroup) {
    await confirmCampaignReply(ctx.tx, { companyId: state.companyId, contactId: state.contactId, whatsappId: input.connection.id }, ctx.now())
  }
  // The contact's message opened this ticket: the log's first line (spec part 1 §3 Ticket log entry).
  if (input.created) await logTicket(ctx, state, 'create', { queueId: null })
  // An inactive or expired company keeps its messages, but no bot answers until it pays.
  if (botsPaused({ id: state.companyId, status: state.companyStatus, dueDate: state.companyDueDate }, ctx.now())) return
  const skip = isRatingAnswer(state, input) ? null : botSkipReason(state, input)
  if (isRatingAnswer(state, input)) await applyNpsReply(ctx, state, input)
  else if (skip === 'disableBot') await placeWithoutBot(ctx, state)
  else if (skip) return
  else {
    for (const rule of RULES) {
      if ((await rule(ctx, state, input)) === 'done') break
    }
  }
  if (state.changed) emitTicketUpdate(ctx, state)
}

/**
 * The routing step as the inbound pipeline takes it (InboundDeps `route` and `routeStates`): with the
 * host's group commit, a batch's tickets' states are read in one statement before their steps run.
 */
export const inboundRouting = { route: routeInbound, routeStates: loadRoutingStates }
