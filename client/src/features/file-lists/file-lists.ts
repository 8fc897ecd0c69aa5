import { api } from '../../lib/api.ts'
import type { Page } from '../../lib/use-paged-records.ts'
import { applyRecordEvent } from '../../lib/live-records.ts'

/** File lists (spec part 2 §2 "File lists", §7 /files): online only, the server's rows. */

export interface FileOption {
  id: number
  name: string
  /** The stored file's name ('' until one is uploaded). */
  path: string
  mediaType: string
}

export interface FileList {
  id: number
  name: string
  message: string
  userId: number | null
  options: FileOption[]
}

export interface FileListInput {
  name: string
  message: string
  options: { id?: number; name: string }[]
}

/** GET /files/?searchParam&pageNumber (20 a page, by lower(name), id). */
export async function fetchFileLists(search: string, pageNumber: number, signal?: AbortSignal): Promise<Page<FileList>> {
  const res = await api<{ files: FileList[]; hasMore: boolean }>('/files/', { query: { searchParam: search.trim().toLowerCase(), pageNumber }, signal })
  return { records: res.files, hasMore: res.hasMore, count: res.files.length }
}

export const fileListCalls = {
  create: (body: FileListInput) => api<FileList>('/files', { method: 'POST', json: body }),
  update: (id: number, body: FileListInput) => api<FileList>(`/files/${id}`, { method: 'PUT', json: body }),
  remove: (id: number) => api(`/files/${id}`, { method: 'DELETE' }),
  /** POST /files/uploadList/{fileId}: one `files` and one option `id` per attached file, in order. */
  upload: (fileId: number, pairs: { id: number; file: File }[]) => {
    const form = new FormData()
    for (const p of pairs) {
      form.append('files', p.file)
      form.append('id', String(p.id))
      form.append('typeArch', 'fileList')
    }
    return api<FileList>(`/files/uploadList/${fileId}`, { method: 'POST', form })
  },
}

/** Pages joined, each list once (the newer copy wins), in the server's order (lower(name), id). */
export function mergeFileLists(a: FileList[], b: FileList[]): FileList[] {
  const byId = new Map<number, FileList>()
  for (const f of [...a, ...b]) byId.set(f.id, f)
  return [...byId.values()].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()) || x.id - y.id)
}

/** A live event (company-{id}-file {action, fileList | fileId}) applied to the loaded list, filtered by the search. */
export function applyFileListEvent(rows: FileList[], event: string, data: unknown, search: string): FileList[] {
  return applyRecordEvent(rows, event, data, {
    kind: 'file', record: 'fileList', idKey: 'fileId', merge: mergeFileLists,
    valid: (f) => typeof f.name === 'string',
    matches: (f) => f.name.toLowerCase().includes(search.trim().toLowerCase()),
  })
}
