// Billing: /financeiro, the open invoices of /financeiro-aberto and the subscription checkout with Pix.
export { CheckoutDialog } from './checkout-dialog.tsx'
export { CompanyInvoices, useCompanyInvoices } from './invoices-page.tsx'
export { default as InvoicesPage } from './invoices-page.tsx'
export { default as ExpiredSubscriptionPage } from './expired-subscription-page.tsx'
