// The live panel at /moments.
export { default as MomentsPage } from './moments-page.tsx'
