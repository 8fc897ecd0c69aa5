// The company's queue integrations as choices (queue editor, chatbot options, connection editor). Kept apart
// from features/integrations, whose lazily loaded page reaches the flows and through them the queues: a hook
// there would close an import circle queues → integrations → flows → queues.
export { fetchIntegrationChoices, integrationSelectOptions, useIntegrationOptions, type IntegrationChoice } from './integration-options.ts'
