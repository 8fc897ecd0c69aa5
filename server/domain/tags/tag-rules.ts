import type { Permission } from '../permissions.ts'

/**
 * Who changes or deletes a tag (docs/decisions.md "Tags", spec part 2 §6). A kanban lane (kanban 1) is managed on
 * /tagsKanban, which the spec opens with permission dashboard:view ('Adicionar colunas'); the spec names
 * no rule for plain tags, which sit with the company's administration, so those are the admins'.
 * Admins hold dashboard:view too, so they manage both.
 */
export function manageTagPermission(kanban: number): Permission {
  return kanban === 1 ? 'dashboard:view' : 'admin'
}

/**
 * Who creates a tag: any user may create a plain one (attendants add them inline from the contact
 * drawer, spec part 1 §5 'Tag muito curta!'); a lane is a board column, managed as above.
 */
export function createTagPermission(kanban: number): Permission | null {
  return kanban === 1 ? manageTagPermission(kanban) : null
}
