// Companies: /companies, the super user's list of every company with renew, add, edit and delete.
export { default as CompaniesPage } from './companies-page.tsx'
