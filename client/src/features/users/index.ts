// Users: /users, the profile dialog with its writes that the account menu opens, and the connection choices others offer.
export { ProfileDialog } from './profile-dialog.tsx'
export { saveOwnProfile, uploadAvatar, useConnectionOptions } from './users.ts'
export { default as UsersPage } from './users-page.tsx'
