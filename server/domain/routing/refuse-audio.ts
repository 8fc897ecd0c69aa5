import type { RouteInput, RoutingCtx, RuleOutcome } from './routing-context.ts'
import { sendSystemMessage, type RunState } from './routing-effects.ts'

/** The reply to an audio nobody will listen to (MF's text, anchor §3.6). */
export const AUDIO_REFUSED_MESSAGE =
  'Infelizmente não conseguimos ouvir nem enviar áudios por este canal de atendimento. Por favor, envie uma mensagem de *texto*.'

/** Whether an audio of this contact is refused: the company setting acceptAudioMessageContact, or the contact's flag. */
export function refusesAudio(state: RunState): boolean {
  return state.acceptAudioMessageContact === 'disabled' || !state.acceptAudioMessage
}

/**
 * Refused audio (anchor §3.6): the contact is told to write instead. The audio is kept in the chat and
 * the other rules still run (a new contact still gets the menu).
 */
export async function applyAudioRefusal(ctx: RoutingCtx, state: RunState, input: RouteInput): Promise<RuleOutcome> {
  if (input.message.mediaType === 'audio' && refusesAudio(state)) await sendSystemMessage(ctx, state, AUDIO_REFUSED_MESSAGE)
  return 'next'
}
