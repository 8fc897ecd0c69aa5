// The home page '/'.
export { default as HomePage } from './home-page.tsx'
