// Contacts: /contacts, /contacts/import, and the contact dialog and writes the ticket chat's drawer uses.
export { ContactDialog } from './contact-dialog.tsx'
export { ContactLookup, type PickedContact } from './contact-lookup.tsx'
export type { ContactFormValues } from './contact-form.ts'
export { queueSetContactActive, queueToggleAcceptAudio, queueToggleDisableBot, queueUpdateContact } from './contacts.ts'
export { default as ContactsImportPage } from './contacts-import-page.tsx'
export { default as ContactsPage } from './contacts-page.tsx'
