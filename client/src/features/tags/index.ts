// Tags: /tags, the tag and tag-contacts dialogs, and the inline creation other features use.
export { default as TagsPage } from './tags-page.tsx'
export { createTagNow } from './tags.ts'
export { inlineTagProblem } from './tag-form.ts'
export { TagPicker, type TagChoice } from './tag-picker.tsx'
export { useTagChoices } from './tags.ts'
