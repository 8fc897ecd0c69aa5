import type { z } from 'zod'
import type { createTagSchema } from '../../../../server/routes/tags.schema.ts'

export interface TagFormValues {
  name: string
  color: string
  /** A kanban lane (spec part 2 §3 Tag kanban 1) rather than a plain tag. */
  kanban: boolean
}

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
export const DEFAULT_TAG_COLOR = '#2563eb'

export function newTagValues(): TagFormValues {
  return { name: '', color: DEFAULT_TAG_COLOR, kanban: false }
}

/** Tag form (spec part 2 §5 Tag): name required ('Obrigatório'), at least 3 characters ('Mensagem muito curta'), a colour. */
export function tagFormProblems(v: TagFormValues): Partial<Record<'name' | 'color', string>> {
  const problems: Partial<Record<'name' | 'color', string>> = {}
  const name = v.name.trim()
  if (!name) problems.name = 'tags.errors.required'
  else if (name.length < 3) problems.name = 'tags.errors.tooShort'
  else if (name.length > 50) problems.name = 'validation.tooLong'
  if (!COLOR.test(v.color)) problems.color = 'queues.errors.invalidColor'
  return problems
}

/** A name typed in a contact's or a ticket's tag field: under 3 characters it is refused ('Tag muito curta!'). */
export function inlineTagProblem(name: string): string | null {
  return name.trim().length < 3 ? 'tags.errors.inlineTooShort' : null
}

export type CreateTagBody = z.input<typeof createTagSchema>

/** The body POST /tags and PUT /tags/{id} accept (server/routes/tags.schema.ts). */
export function tagRequestBody(v: TagFormValues): CreateTagBody {
  return { name: v.name.trim(), color: v.color, kanban: v.kanban ? 1 : 0 }
}
