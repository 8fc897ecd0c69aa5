export { applyIntegration, handOverToIntegration, INTEGRATION_QUEUE, POSTED_TYPES, type IntegrationJobPayload } from './hand-over.ts'
export { applyEffects, prepareCall, recordFailure, type IntegrationCall } from './run-integration.ts'
export { postWebhook, parseAnswer, signBody, webhookReplySchema, SIGNATURE_HEADER, DELIVERY_HEADER, type CallOutcome, type Effects, type WebhookBody } from './webhook-call.ts'
export { typebotTurn, type TypebotCall } from './typebot-call.ts'
