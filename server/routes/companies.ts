import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { updateCompanySchedules } from '../domain/companies/company-schedules.ts'
import { listCompanies, listCompaniesPlan, listCompanyNames } from '../domain/companies/list-companies.ts'
import { renewCompany } from '../domain/companies/renew-company.ts'
import { createCompany, deleteCompany, updateCompany } from '../domain/companies/save-company.ts'
import { findCompany, findCompanyPlan } from '../domain/companies/show-company.ts'
import { requireAuth } from '../middleware/auth.ts'
import { guard } from '../middleware/guard.ts'
import { validate } from '../middleware/validate.ts'
import { idParam } from './common.schema.ts'
import { companiesPlanQuery, companySchedulesSchema, createCompanySchema, updateCompanySchema } from './companies.schema.ts'

/**
 * Companies (spec part 2 §2 "Companies and plans", §7). Super user only, except: an admin reads and sets
 * the schedules of their own company, and any user reads their own company's plan (listPlan).
 */
export const companies = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', guard('super'), async (c) => c.json(await listCompanies(c.get('ctx'))))
  .get('/list', guard('super'), async (c) => c.json(await listCompanyNames(c.get('ctx'))))
  .get('/listPlan/:id', validate('param', idParam), async (c) =>
    c.json(await findCompanyPlan(c.get('ctx'), c.req.valid('param').id)),
  )
  .get('/:id', validate('param', idParam), async (c) => c.json(await findCompany(c.get('ctx'), c.req.valid('param').id)))
  .post('/', guard('super'), validate('json', createCompanySchema), async (c) =>
    c.json(await createCompany(c.get('ctx'), c.req.valid('json')), 201),
  )
  .put('/:id/schedules', validate('param', idParam), validate('json', companySchedulesSchema), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await updateCompanySchedules(c.get('ctx'), id, c.req.valid('json').schedules))
  })
  // Our path for the page's Renew button; the spec names none (docs/decisions.md).
  .post('/:id/renew', guard('super'), validate('param', idParam), async (c) =>
    c.json(await renewCompany(c.get('ctx'), c.req.valid('param').id)),
  )
  .put('/:id', guard('super'), validate('param', idParam), validate('json', updateCompanySchema), async (c) =>
    c.json(await updateCompany(c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', guard('super'), validate('param', idParam), async (c) => {
    await deleteCompany(c.get('ctx'), c.req.valid('param').id)
    return c.json({ message: 'Company deleted' })
  })

/** GET /companiesPlan/ (super user): companies with their plans, searched and paged. */
export const companiesPlan = new Hono<AppEnv>()
  .use('*', requireAuth())
  .get('/', guard('super'), validate('query', companiesPlanQuery), async (c) =>
    c.json(await listCompaniesPlan(c.get('ctx'), c.req.valid('query'))),
  )
