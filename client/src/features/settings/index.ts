// The company settings page /settings.
export { default as SettingsPage } from './settings-page.tsx'
