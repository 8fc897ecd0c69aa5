import { readFile } from 'node:fs/promises'
import { PermanentSendError } from './types.ts'

/** The bytes of a stored file to send; a missing file is a send that no retry can fix. Node and Bun alike. */
export async function readMediaFile(path: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await readFile(path))
  } catch {
    throw new PermanentSendError('ERR_SENDING_WAPP_MSG', 'The file to send is missing')
  }
}
