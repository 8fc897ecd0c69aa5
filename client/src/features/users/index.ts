// Users: /users, and the profile dialog with its writes that the account menu opens.
export { ProfileDialog } from './profile-dialog.tsx'
export { saveOwnProfile, uploadAvatar } from './users.ts'
export { default as UsersPage } from './users-page.tsx'
