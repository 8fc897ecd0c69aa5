import { z } from 'zod'
import { idField } from './common.schema.ts'

const id = () => idField()

/** A required id whose every failure (missing, not a number, not positive) carries the form's message. */
const required = (message: string) => idField(message)

export const ticketIdParam = z.object({ ticketId: id() })
export const ticketUuidParam = z.object({ uuid: z.uuid('Invalid ticket uuid') })

/** POST /tickets (spec part 1 §5: queue, connection and contact required; §7 body). companyId comes from the session. */
export const createTicketSchema = z.object({
  contactId: required('Selecione um contato'),
  queueId: required('Selecione uma fila'),
  whatsappId: required('Selecione uma conexão'),
  status: z.enum(['open', 'pending']).optional(),
  userId: id().nullable().optional(),
  companyId: z.unknown().optional(),
})
export type CreateTicketBody = z.infer<typeof createTicketSchema>

/** PUT /tickets/{ticketId} (spec part 1 §7). */
export const updateTicketSchema = z.object({
  status: z.enum(['open', 'pending', 'closed', 'group']).optional(),
  userId: id().nullable().optional(),
  queueId: id().nullable().optional(),
  msgTransfer: z.string().max(5000).optional(),
  isTransfered: z.boolean().optional(),
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0).max(1000).optional(),
  useIntegration: z.boolean().optional(),
})
export type UpdateTicketBody = z.infer<typeof updateTicketSchema>

/** POST /tickets/closeAll {status, selectedQueueIds} (spec part 1 §7): both required (issue 15 item 9). */
export const closeAllSchema = z.object({
  status: z.enum(['open', 'pending', 'group']),
  selectedQueueIds: z.array(id()).max(500),
})
export type CloseAllBody = z.infer<typeof closeAllSchema>
