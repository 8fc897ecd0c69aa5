// Login, sign-up and the expired-subscription page; the session loader and logout the shell uses.
export { useSessionLoader, logout } from './auth.ts'
export { default as LoginPage } from './login-page.tsx'
export { default as SignupPage } from './signup-page.tsx'
export { isSubscriptionExpired, MAIN_COMPANY_ID, subscriptionWarningDays } from './subscription.ts'
