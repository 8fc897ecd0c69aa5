import { pickByNumber, renderMenu } from './menu-rules.ts'
import type { RouteInput, RoutingCtx, RuleOutcome } from './routing-context.ts'
import { changeTicket, closeByBot, logTicket, reask, sendSystemMessage, type RunState } from './routing-effects.ts'

const CHOICES = [{ name: 'Sim' }, { name: 'Não' }]

/** The consent prompt: lgpdMessage, lgpdLink when set, then "*1* - Sim / *2* - Não" (anchor §3.6). */
export function lgpdPrompt(message: string, link: string): string {
  return renderMenu([message.trim(), link.trim()].filter(Boolean).join('\n\n'), CHOICES)
}

/** Consent is asked when enabled with a message, of a contact who never gave it (every ticket with lgpdConsent). */
export function needsConsent(state: RunState): boolean {
  if (state.enableLgpd !== 'enabled' || !state.lgpdMessage.trim()) return false
  return state.lgpdConsent === 'enabled' ? state.ticketLgpdAcceptedAt === null : state.lgpdAcceptedAt === null
}

/**
 * LGPD consent (anchor §3.6, MF status `lgpd`), before anything else of the bot: a waiting ticket
 * without a user goes to status lgpd with the prompt (log 'lgpd'); "1" records the consent on the
 * contact and the ticket and the ticket goes on to the queue menu as pending; "2" sends the
 * connection's completion message and closes the ticket; anything else re-asks within
 * maxUseBotQueues, after which the ticket waits for a human as pending, without consent.
 */
export async function applyLgpdConsent(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  if (state.userId !== null) return 'next'
  if (state.status !== 'lgpd') {
    if (state.status !== 'pending' || !needsConsent(state)) return 'next'
    await sendSystemMessage(ctx, state, lgpdPrompt(state.lgpdMessage, state.lgpdLink))
    await changeTicket(ctx, state, { status: 'lgpd', lgpdSendMessageAt: ctx.now(), amountUsedBotQueues: 1, isBot: true })
    await logTicket(ctx, state, 'lgpd')
    return 'done'
  }
  const picked = pickByNumber(input.message.body, CHOICES)
  if (picked === CHOICES[0]) {
    await ctx.tx`update contacts set lgpd_accepted_at = ${ctx.now()} where id = ${state.contactId}`
    await changeTicket(ctx, state, { status: 'pending', lgpdAcceptedAt: ctx.now(), amountUsedBotQueues: 0, isBot: false })
    state.ticketLgpdAcceptedAt = state.lgpdAcceptedAt = ctx.now()
    return 'next'
  }
  if (picked === CHOICES[1]) {
    await sendSystemMessage(ctx, state, state.complationMessage)
    await closeByBot(ctx, state)
    return 'done'
  }
  await reask(ctx, state, input, lgpdPrompt(state.lgpdMessage, state.lgpdLink))
  if (!state.isBot) await changeTicket(ctx, state, { status: 'pending', amountUsedBotQueues: 0 })
  return 'done'
}
