import type { Tx } from '../../db/connect.ts'
import { AppError } from '../app-error.ts'

/** The queue must be one of the company's (row-level security hides the others). */
export async function assertQueueExists(tx: Tx, queueId: number | null): Promise<void> {
  if (queueId === null) return
  const [row] = await tx`select id from queues where id = ${queueId}`
  if (!row) {
    throw new AppError('ERR_VALIDATION', 'queueId: queue not found', { fields: [{ field: 'queueId', message: 'Selecione uma fila' }] })
  }
}

/** The user must be one of the company's. */
export async function assertUserExists(tx: Tx, userId: number | null): Promise<void> {
  if (userId === null) return
  const [row] = await tx`select id from users where id = ${userId}`
  if (!row) throw new AppError('ERR_NO_USER_FOUND', `No user ${userId}`)
}
