import type { FileList, FileListInput } from './file-lists.ts'

/** One file row of the dialog: a stored option (id) or a new one, with the file picked for it, if any. */
export interface FileOptionValues {
  /** React's key: the option's id, or a local one for a new row. */
  key: string
  id?: number
  name: string
  /** The stored file ('' for none). */
  path: string
  file: File | null
}

export interface FileListFormValues {
  name: string
  message: string
  options: FileOptionValues[]
}

type Field = 'name' | 'message'

let seq = 0
export const newOption = (): FileOptionValues => ({ key: `new-${++seq}`, name: '', path: '', file: null })
export const newFileListValues = (): FileListFormValues => ({ name: '', message: '', options: [newOption()] })
export const fileListValuesOf = (f: FileList): FileListFormValues => ({
  name: f.name,
  message: f.message,
  options: f.options.map((o) => ({ key: String(o.id), id: o.id, name: o.name, path: o.path, file: null })),
})

/** Spec part 2 §5 "File list": name at least 3 ('nome muito curto'), message required. */
export function fileListFormProblems(v: FileListFormValues): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {}
  if (v.name.trim().length < 3) problems.name = 'fileLists.errors.nameShort'
  if (!v.message.trim()) problems.message = 'fileLists.errors.required'
  return problems
}

/** The JSON of POST/PUT /files: stored options by id, new ones by name; files go after, by upload. */
export const fileListRequestBody = (v: FileListFormValues): FileListInput => ({
  name: v.name.trim(),
  message: v.message.trim(),
  options: v.options.map((o) => (o.id !== undefined ? { id: o.id, name: o.name.trim() } : { name: o.name.trim() })),
})

/**
 * The files to upload once the list is saved: the server answers the options in the order sent (stored ones
 * keep their ids, new ones are added after), so the n-th row's file goes to the n-th option.
 */
export function uploadPairs(v: FileListFormValues, saved: FileList): { id: number; file: File }[] {
  if (saved.options.length !== v.options.length) return []
  return v.options.flatMap((o, i) => (o.file ? [{ id: saved.options[i].id, file: o.file }] : []))
}
