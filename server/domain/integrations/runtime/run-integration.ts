import type { Tx } from '../../../db/connect.ts'
import type { RoutingCtx } from '../../routing/routing-context.ts'
import { changeTicket, emitTicketUpdate, logTicket, sendSystemMedia, sendSystemMessage, writeSystemNote as writeNote, type RunState } from '../../routing/routing-effects.ts'
import { loadRoutingState } from '../../routing/routing-state.ts'
import type { IntegrationJobPayload } from './hand-over.ts'
import type { Send } from './bubble-media.ts'
import type { DialogflowCall } from './dialogflow-call.ts'
import type { PromptCall } from './openai-call.ts'
import type { TypebotCall } from './typebot-call.ts'
import type { Effects, WebhookBody } from './webhook-call.ts'

/** What a call needs, read in the company's transaction before any network: the integration, the body, Typebot's part. */
export interface IntegrationCall {
  type: string
  url: string
  secret: string
  name: string
  body: WebhookBody
  typebot: TypebotCall
  /** Dialogflow's part, without the API root (the worker's setting); a voice note's stored file name. */
  dialogflow: Omit<DialogflowCall, 'apiUrl' | 'audioPath'> & { audioFile: string | null }
}

type CallRow = Omit<WebhookBody, 'event' | 'deliveryId' | 'sentAt' | 'message'> & {
  message: Omit<WebhookBody['message'], 'mediaUrl'> & { mediaPath: string | null }
  type: string; url: string; secret: string; live: boolean
  typebot: Omit<TypebotCall, 'url' | 'text' | 'contact' | 'sessionAt'> & { sessionAt: string | null }
  dialogflow: { jsonContent: string; projectName: string; language: string; audioFile: string | null }
}

/**
 * The call for a queued job (`mediaLink` makes the body's link to the message's file), or null when it no longer applies: the ticket was taken by an attendant,
 * closed, switched off its integration or moved to another one, or the message is gone (LGPD erase).
 */
export async function prepareCall(tx: Tx, job: IntegrationJobPayload, deliveryId: string, now: Date, mediaLink?: (fileName: string) => string | null): Promise<IntegrationCall | null> {
  if (job.integrationId === undefined) return null
  const [row] = await tx<CallRow[]>`
    select qi.type, qi.url_n8n as url, qi.signing_secret as secret,
           json_build_object('id', qi.id, 'name', qi.name, 'type', qi.type) as integration,
           json_build_object('id', t.company_id) as company,
           json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) as connection,
           json_build_object('id', t.id, 'uuid', t.uuid, 'status', t.status, 'queueId', t.queue_id) as ticket,
           json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email) as contact,
           json_build_object('id', m.id, 'body', m.body, 'mediaType', m.media_type, 'fromMe', m.from_me, 'createdAt', m.created_at,
                             'mediaName', m.media_name, 'mediaPath', m.media_path) as message,
           json_build_object('slug', qi.typebot_slug, 'expiresMin', qi.typebot_expires, 'keywordFinish', qi.typebot_keyword_finish,
                             'keywordRestart', qi.typebot_keyword_restart, 'restartMessage', qi.typebot_restart_message,
                             'unknownMessage', qi.typebot_unknown_message, 'delayMs', qi.typebot_delay_message,
                             'sessionId', t.typebot_session_id, 'sessionAt', t.typebot_session_at) as typebot,
           json_build_object('jsonContent', qi.json_content, 'projectName', qi.project_name, 'language', qi.language,
                             'audioFile', case when m.media_type = 'audio' and m.body = '' then m.media_path end) as dialogflow,
           (t.use_integration and t.integration_id = qi.id and t.user_id is null and t.status not in ('closed', 'nps')) as live
      from tickets t
      join queue_integrations qi on qi.id = ${job.integrationId}
      join contacts c on c.id = t.contact_id
      join whatsapps w on w.id = t.whatsapp_id
      join messages m on m.id = ${job.messageId} and m.ticket_id = t.id
     where t.id = ${job.ticketId}`
  if (!row?.live || (!row.url && row.type !== 'dialogflow')) return null
  const { type, url, secret, live: _live, typebot, dialogflow, message: { mediaPath, ...message }, ...rest } = row
  const parts = { ...rest, message: { ...message, mediaUrl: mediaPath && mediaLink ? mediaLink(mediaPath) : null } }
  const body: WebhookBody = { event: 'message', deliveryId, sentAt: now.toISOString(), ...parts }
  return {
    type, url, secret, name: row.integration.name, body,
    dialogflow: { ...dialogflow, sessionId: `balcao-ticket-${job.ticketId}`, text: parts.message.body ?? '' },
    typebot: { ...typebot, sessionAt: typebot.sessionAt ? new Date(typebot.sessionAt) : null, url, text: parts.message.body ?? '', contact: { number: parts.contact.number, name: parts.contact.name } },
  }
}

/**
 * The AI prompt call for a queued job (its key, settings and the ticket's latest maxMessages text messages),
 * or null when the ticket no longer waits for this prompt. The key stays in the worker's memory only.
 */
export async function preparePromptCall(tx: Tx, job: IntegrationJobPayload, settings: { baseUrl: string; model: string }): Promise<{ name: string; call: PromptCall; audioFile: string | null; voice: { name: string; key: string; region: string } | null } | null> {
  if (job.promptId === undefined) return null
  const [row] = await tx<{ name: string; apiKey: string; prompt: string; maxTokens: number; temperature: number; maxMessages: number; queueId: number | null; contactName: string; audioFile: string | null; voice: string; voiceKey: string; voiceRegion: string; live: boolean }[]>`
    select p.name, p.api_key, p.prompt, p.voice, p.voice_key, p.voice_region, p.max_tokens, p.temperature::float8 as temperature, p.max_messages, p.queue_id, c.name as contact_name,
           (select m.media_path from messages m where m.id = ${job.messageId} and m.media_type = 'audio' and m.body = '') as audio_file,
           (t.use_integration and t.prompt_id = p.id and t.user_id is null and t.status not in ('closed', 'nps')) as live
      from tickets t join prompts p on p.id = ${job.promptId} join contacts c on c.id = t.contact_id
     where t.id = ${job.ticketId}`
  if (!row?.live) return null
  const latest = await tx<{ fromMe: boolean; body: string }[]>`
    select from_me, body from messages
     where ticket_id = ${job.ticketId} and not is_private and body <> '' and id <= ${job.messageId}
     order by created_at desc, id desc limit ${row.maxMessages}`
  return {
    name: row.name,
    audioFile: row.audioFile,
    voice: row.voice !== 'texto' && row.voiceKey && row.voiceRegion ? { name: row.voice, key: row.voiceKey, region: row.voiceRegion } : null,
    call: {
      ...settings, promptId: job.promptId, apiKey: row.apiKey, prompt: row.prompt, maxTokens: row.maxTokens, temperature: row.temperature,
      queueId: row.queueId, contactName: row.contactName, history: latest.reverse(),
    },
  }
}

/** The ticket still waits for this integration or prompt (locked: a parallel inbound message routes after us). */
async function liveState(ctx: RoutingCtx, job: IntegrationJobPayload): Promise<RunState | null> {
  const state: RunState | null = await loadRoutingState(ctx.tx, job.ticketId)
  const target = job.promptId !== undefined ? state?.promptId === job.promptId : state?.integrationId === job.integrationId
  const live = state && state.useIntegration && target && state.userId === null && !['closed', 'nps'].includes(state.status)
  return live ? state : null
}

/**
 * The answer on the ticket: the Typebot session kept or dropped, its texts and stored media to the customer
 * as system messages through the outbound queue (delayMs apart), then a transfer to a queue or a user, or stopBot,
 * which end the hand-over, or close. A queue or user that is not the company's is refused with a note.
 * 'stale' when the ticket no longer waits for the answer.
 */
export async function applyEffects(ctx: RoutingCtx, job: IntegrationJobPayload, name: string, reply: Effects): Promise<'applied' | 'stale'> {
  const state = await liveState(ctx, job)
  if (!state) return 'stale'
  if (reply.tokens) {
    const t = reply.tokens
    await ctx.tx`update prompts set prompt_tokens = prompt_tokens + ${t.prompt}, completion_tokens = completion_tokens + ${t.completion},
                                   total_tokens = total_tokens + ${t.total} where id = ${t.promptId}`
  }
  if (reply.session) {
    await ctx.tx`update tickets set typebot_session_id = ${reply.session.id}, typebot_session_at = ${reply.session.id === null ? null : ctx.now()} where id = ${state.ticketId}`
  }
  const texts = reply.reply === undefined ? [] : Array.isArray(reply.reply) ? reply.reply : [reply.reply]
  const sends: Send[] = reply.voiceFile
    ? [{ file: { fileName: reply.voiceFile, originalName: 'resposta.ogg', mediaType: 'audio' } }]
    : reply.sends ?? texts.map((text) => ({ text }))
  for (const [i, send] of sends.entries()) {
    const runAt = reply.delayMs && i > 0 ? new Date(ctx.now().getTime() + i * reply.delayMs) : undefined
    // Postgres text cannot hold NUL: a provider's text loses it rather than failing the whole answer.
    if ('text' in send) await sendSystemMessage(ctx, state, send.text.replaceAll('\u0000', ''), undefined, runAt)
    else if ('file' in send) await sendSystemMedia(ctx, state, { ...send.file, extra: reply.voiceFile ? { asVoice: true } : undefined }, runAt)
    else await sendSystemMessage(ctx, state, send.url.replaceAll('\u0000', ''), undefined, runAt)
  }
  if (reply.userId !== undefined) {
    const [user] = await ctx.tx`select 1 from users where id = ${reply.userId} and company_id = ${state.companyId}`
    if (user) {
      await changeTicket(ctx, state, { userId: reply.userId, status: 'open', acceptedAt: ctx.now(), useIntegration: false, isBot: false })
      await logTicket(ctx, state, 'open', { userId: reply.userId })
    } else await writeNote(ctx, state, `Integração "${name}": o usuário ${reply.userId} não existe nesta empresa; o ticket não foi transferido.`)
  } else if (reply.queueId !== undefined) {
    const [queue] = await ctx.tx`select 1 from queues where id = ${reply.queueId} and company_id = ${state.companyId}`
    if (queue) {
      await changeTicket(ctx, state, { queueId: reply.queueId, status: 'pending', useIntegration: false, isBot: false })
      await logTicket(ctx, state, 'queue', { queueId: reply.queueId })
    } else await writeNote(ctx, state, `Integração "${name}": a fila ${reply.queueId} não existe nesta empresa; o ticket não foi transferido.`)
  }
  if (reply.stopBot && state.useIntegration) await changeTicket(ctx, state, { useIntegration: false })
  // A prompt's hand-over that ended does not come back on the next message.
  if (job.promptId !== undefined && !state.useIntegration && state.promptId !== null) await changeTicket(ctx, state, { promptId: null })
  if (reply.close && state.status !== 'closed') {
    await changeTicket(ctx, state, { status: 'closed', useIntegration: false, integrationId: null, isBot: false, closedAt: ctx.now() })
    await logTicket(ctx, state, 'closed')
  }
  if (state.changed) emitTicketUpdate(ctx, state)
  return 'applied'
}

/**
 * A call that failed for good shows on the ticket as a private note (never sent to the customer) while
 * the ticket still waits for this integration; the customer's message stays in the chat for a human.
 */
export async function recordFailure(ctx: RoutingCtx, job: IntegrationJobPayload, name: string, reason: string): Promise<void> {
  const state = await liveState(ctx, job)
  if (!state) return
  const what = job.promptId !== undefined ? 'Prompt' : 'Integração'
  await writeNote(ctx, state, `${what} "${name}" falhou (${reason}): a mensagem do cliente não foi entregue a ela.`)
}
