// Login, sign-up and the expired-subscription page; the session loader and logout the shell uses.
export { useSessionLoader, logout } from './auth.ts'
export { default as ExpiredSubscriptionPage } from './expired-subscription-page.tsx'
export { default as LoginPage } from './login-page.tsx'
export { default as SignupPage } from './signup-page.tsx'
export { isSubscriptionExpired, subscriptionWarningDays } from './subscription.ts'
