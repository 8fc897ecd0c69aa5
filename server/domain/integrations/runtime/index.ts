export { applyIntegration, handOverToIntegration, INTEGRATION_QUEUE, POSTED_TYPES, type IntegrationJobPayload } from './hand-over.ts'
export { applyReply, prepareCall, recordFailure, type IntegrationCall } from './run-integration.ts'
export { postWebhook, parseAnswer, signBody, webhookReplySchema, SIGNATURE_HEADER, DELIVERY_HEADER, type CallOutcome, type WebhookBody } from './webhook-call.ts'
