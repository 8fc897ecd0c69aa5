// Contact lists and their items (issue 20): the people a campaign goes to.
export * from './contact-list-view.ts'
export * from './contact-list-item-view.ts'
export * from './list-contact-lists.ts'
export * from './list-contact-list-items.ts'
export * from './save-contact-list.ts'
export * from './save-contact-list-item.ts'
export * from './import-contact-list.ts'
export * from './whatsapp-validity.ts'
