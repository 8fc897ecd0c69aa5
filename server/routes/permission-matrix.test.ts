import { beforeAll, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend, type TestEnv } from '../../test/env.ts'
import { call, type RequestOptions } from '../../test/http.ts'
import { createPlan, createUser, superToken, uniq } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'

/**
 * Every route of this issue × every kind of actor, all in company 1: a plain user, a plain user with every
 * permission switch on (switches never make an admin), an admin and the super user. A denied actor gets
 * 403 ERR_NO_PERMISSION; an allowed one gets anything else (the request itself is valid).
 */
type Role = 'user' | 'userSwitches' | 'admin' | 'super'
const ROLES: Role[] = ['user', 'userSwitches', 'admin', 'super']
const ALL: Role[] = ROLES
const ADMINS: Role[] = ['admin', 'super']
const SUPER: Role[] = ['super']

interface Req extends RequestOptions {
  method: string
  path: string
}
interface Case {
  name: string
  allowed: Role[]
  /** Builds the request for one actor; fresh targets per call so deletes are repeatable. */
  request: (env: TestEnv) => Promise<Req> | Req
}

const sys = (env: TestEnv, fn: (tx: any) => Promise<any>): Promise<any> => withSystem(env.services.db, fn)
const freshUser = async (env: TestEnv) =>
  (await sys(env, (tx) => tx`insert into users (company_id, name, email, password_hash) values (1, 'Temp', ${`${uniq('t')}@m.t`}, 'x') returning id`))[0].id
const freshCompany = async (env: TestEnv) => {
  const planId = await createPlan(env)
  return (await sys(env, (tx) => tx`insert into companies (name, plan_id, status) values (${uniq('C ')}, ${planId}, true) returning id`))[0].id
}
const freshHelp = async (env: TestEnv) => (await sys(env, (tx) => tx`insert into helps (title) values ('Help') returning id`))[0].id
const freshAnnouncement = async (env: TestEnv) =>
  (await sys(env, (tx) => tx`insert into announcements (company_id, title, text) values (1, 'A', 'B') returning id`))[0].id
// One invoice per company and due date (migration 0029): each call takes the next free day.
const freshInvoice = async (env: TestEnv) =>
  (await sys(env, (tx) => tx`insert into invoices (company_id, detail, value, due_date)
    select 1, 'Plano', 10, coalesce(max(due_date) + 1, '2026-12-01') from invoices where company_id = 1 returning id`))[0].id
/** A tag of company 1 (a lane when kanban is 1), and a contact carrying it. */
const freshTag = async (env: TestEnv, kanban = 0) =>
  (await sys(env, (tx) => tx`insert into tags (company_id, name, kanban) values (1, ${uniq('Tag ')}, ${kanban}) returning id`))[0].id
const freshTaggedContact = async (env: TestEnv) => {
  const tagId = await freshTag(env)
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const [c] = await sys(env, (tx) => tx`insert into contacts (company_id, name, number) values (1, 'Tagged', ${number}) returning id`)
  await sys(env, (tx) => tx`insert into contact_tags (company_id, contact_id, tag_id) values (1, ${c.id}, ${tagId})`)
  return { tagId, contactId: c.id as number }
}
/** Who manages lanes: dashboard:view, which the switches user holds (showDashboard). */
const LANES: Role[] = ['userSwitches', 'admin', 'super']

let colleagueId = 0

const cases: Case[] = [
  { name: 'GET /auth/me', allowed: ALL, request: () => ({ method: 'GET', path: '/auth/me' }) },
  { name: 'GET /users/', allowed: ALL, request: () => ({ method: 'GET', path: '/users/' }) },
  { name: 'GET /users/list', allowed: ALL, request: () => ({ method: 'GET', path: '/users/list' }) },
  { name: 'GET /users/{id} of a colleague', allowed: ADMINS, request: () => ({ method: 'GET', path: `/users/${colleagueId}` }) },
  {
    name: 'POST /users',
    allowed: ADMINS,
    request: () => ({ method: 'POST', path: '/users', json: { name: 'Novo', email: `${uniq('n')}@m.t`, password: 'secret5' } }),
  },
  { name: 'PUT /users/{id} of a colleague', allowed: ADMINS, request: () => ({ method: 'PUT', path: `/users/${colleagueId}`, json: { name: 'Colega' } }) },
  { name: 'DELETE /users/{id}', allowed: ADMINS, request: async (env) => ({ method: 'DELETE', path: `/users/${await freshUser(env)}` }) },
  {
    name: 'POST /users/{id}/media-upload of a colleague',
    allowed: ADMINS,
    request: () => ({ method: 'POST', path: `/users/${colleagueId}/media-upload`, form: formWith('profileImage', PNG_1PX, 'a.png', 'image/png') }),
  },
  {
    name: 'PUT /users/toggleChangeWidht/{id} of a colleague',
    allowed: ADMINS,
    request: () => ({ method: 'PUT', path: `/users/toggleChangeWidht/${colleagueId}`, json: { defaultTicketsManagerWidth: 500 } }),
  },
  { name: 'GET /companies', allowed: SUPER, request: () => ({ method: 'GET', path: '/companies' }) },
  { name: 'GET /companies/list', allowed: SUPER, request: () => ({ method: 'GET', path: '/companies/list' }) },
  { name: 'GET /companies/{own id}', allowed: ADMINS, request: () => ({ method: 'GET', path: '/companies/1' }) },
  { name: 'GET /companiesPlan/', allowed: SUPER, request: () => ({ method: 'GET', path: '/companiesPlan/' }) },
  { name: 'GET /companies/listPlan/{own id}', allowed: ALL, request: () => ({ method: 'GET', path: '/companies/listPlan/1' }) },
  {
    name: 'POST /companies',
    allowed: SUPER,
    request: async (env) => ({ method: 'POST', path: '/companies', json: { name: uniq('Emp '), email: 'e@m.t', planId: await createPlan(env) } }),
  },
  { name: 'PUT /companies/{id}', allowed: SUPER, request: async (env) => ({ method: 'PUT', path: `/companies/${await freshCompany(env)}`, json: { phone: '123' } }) },
  {
    name: 'PUT /companies/{own id}/schedules',
    allowed: ADMINS,
    request: () => ({
      method: 'PUT',
      path: '/companies/1/schedules',
      json: { schedules: [{ weekday: 'Segunda', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }] },
    }),
  },
  { name: 'POST /companies/{id}/renew', allowed: SUPER, request: async (env) => ({ method: 'POST', path: `/companies/${await freshCompany(env)}/renew` }) },
  { name: 'DELETE /companies/{id}', allowed: SUPER, request: async (env) => ({ method: 'DELETE', path: `/companies/${await freshCompany(env)}` }) },
  { name: 'GET /plans/all', allowed: SUPER, request: () => ({ method: 'GET', path: '/plans/all' }) },
  { name: 'GET /plans/{id}', allowed: SUPER, request: async (env) => ({ method: 'GET', path: `/plans/${await createPlan(env)}` }) },
  { name: 'POST /plans', allowed: SUPER, request: () => ({ method: 'POST', path: '/plans', json: { name: uniq('P '), users: 1, connections: 1, queues: 1, amount: 1 } }) },
  { name: 'PUT /plans/{id}', allowed: SUPER, request: async (env) => ({ method: 'PUT', path: `/plans/${await createPlan(env)}`, json: { amount: 5 } }) },
  { name: 'DELETE /plans/{id}', allowed: SUPER, request: async (env) => ({ method: 'DELETE', path: `/plans/${await createPlan(env)}` }) },
  { name: 'GET /invoices', allowed: ADMINS, request: () => ({ method: 'GET', path: '/invoices' }) },
  { name: 'GET /invoices/{id}', allowed: ADMINS, request: async (env) => ({ method: 'GET', path: `/invoices/${await freshInvoice(env)}` }) },
  { name: 'GET /settings', allowed: ADMINS, request: () => ({ method: 'GET', path: '/settings' }) },
  { name: 'GET /setting/{key}', allowed: ALL, request: () => ({ method: 'GET', path: '/setting/appName' }) },
  { name: 'PUT /settings/{key}', allowed: SUPER, request: () => ({ method: 'PUT', path: '/settings/appName', json: { value: 'Balcão' } }) },
  {
    name: 'POST /settings-whitelabel/logo',
    allowed: SUPER,
    request: () => ({ method: 'POST', path: '/settings-whitelabel/logo', form: formWith('file', PNG_1PX, 'l.png', 'image/png', { mode: 'appLogoLight', typeArch: 'logo' }) }),
  },
  { name: 'GET /companySettings/{own id}', allowed: ALL, request: () => ({ method: 'GET', path: '/companySettings/1' }) },
  { name: 'GET /companySettingOne', allowed: ALL, request: () => ({ method: 'GET', path: '/companySettingOne?column=userRating' }) },
  { name: 'PUT /companySettings', allowed: ADMINS, request: () => ({ method: 'PUT', path: '/companySettings', json: { column: 'userRating', data: 'enabled' } }) },
  { name: 'GET /helps', allowed: ALL, request: () => ({ method: 'GET', path: '/helps' }) },
  { name: 'GET /helps/list', allowed: ALL, request: () => ({ method: 'GET', path: '/helps/list' }) },
  { name: 'POST /helps', allowed: SUPER, request: () => ({ method: 'POST', path: '/helps', json: { title: 'Como usar', video: 'abc' } }) },
  { name: 'PUT /helps/{id}', allowed: SUPER, request: async (env) => ({ method: 'PUT', path: `/helps/${await freshHelp(env)}`, json: { title: 'Novo' } }) },
  { name: 'DELETE /helps/{id}', allowed: SUPER, request: async (env) => ({ method: 'DELETE', path: `/helps/${await freshHelp(env)}` }) },
  { name: 'GET /announcements/', allowed: ALL, request: () => ({ method: 'GET', path: '/announcements/' }) },
  { name: 'POST /announcements', allowed: SUPER, request: () => ({ method: 'POST', path: '/announcements', json: { title: 'T', text: 'X' } }) },
  {
    name: 'PUT /announcements/{id}',
    allowed: SUPER,
    request: async (env) => ({ method: 'PUT', path: `/announcements/${await freshAnnouncement(env)}`, json: { title: 'T2' } }),
  },
  { name: 'DELETE /announcements/{id}', allowed: SUPER, request: async (env) => ({ method: 'DELETE', path: `/announcements/${await freshAnnouncement(env)}` }) },
  {
    name: 'POST /announcements/{id}/media-upload',
    allowed: SUPER,
    request: async (env) => ({
      method: 'POST',
      path: `/announcements/${await freshAnnouncement(env)}/media-upload`,
      form: formWith('file', PNG_1PX, 'a.png', 'image/png'),
    }),
  },
  {
    name: 'DELETE /announcements/{id}/media-upload',
    allowed: SUPER,
    request: async (env) => ({ method: 'DELETE', path: `/announcements/${await freshAnnouncement(env)}/media-upload` }),
  },
  // Tags (/tmp decisions): everyone reads and creates plain tags; lanes need dashboard:view; plain tags are changed by admins.
  { name: 'GET /tags/', allowed: ALL, request: () => ({ method: 'GET', path: '/tags/' }) },
  { name: 'GET /tags/list', allowed: ALL, request: () => ({ method: 'GET', path: '/tags/list' }) },
  { name: 'GET /tags/{id}', allowed: ALL, request: async (env) => ({ method: 'GET', path: `/tags/${await freshTag(env)}` }) },
  { name: 'POST /tags (plain)', allowed: ALL, request: () => ({ method: 'POST', path: '/tags', json: { name: uniq('Tag ') } }) },
  { name: 'POST /tags (lane)', allowed: LANES, request: () => ({ method: 'POST', path: '/tags', json: { name: uniq('Lane '), kanban: 1 } }) },
  { name: 'PUT /tags/{id} (plain)', allowed: ADMINS, request: async (env) => ({ method: 'PUT', path: `/tags/${await freshTag(env)}`, json: { color: '#123' } }) },
  { name: 'PUT /tags/{id} (lane)', allowed: LANES, request: async (env) => ({ method: 'PUT', path: `/tags/${await freshTag(env, 1)}`, json: { timeLane: 5 } }) },
  { name: 'DELETE /tags/{id} (plain)', allowed: ADMINS, request: async (env) => ({ method: 'DELETE', path: `/tags/${await freshTag(env)}` }) },
  { name: 'DELETE /tags/{id} (lane)', allowed: LANES, request: async (env) => ({ method: 'DELETE', path: `/tags/${await freshTag(env, 1)}` }) },
  {
    name: 'DELETE /tags-contacts/{tagId}/{contactId}',
    allowed: ALL,
    request: async (env) => {
      const { tagId, contactId } = await freshTaggedContact(env)
      return { method: 'DELETE', path: `/tags-contacts/${tagId}/${contactId}` }
    },
  },
]

describeEachBackend('permission matrix', (env) => {
  const tokens = {} as Record<Role, string>

  beforeAll(async () => {
    tokens.super = await superToken(env())
    tokens.admin = (await createUser(env(), 1, { profile: 'admin' })).token
    tokens.user = (await createUser(env(), 1)).token
    tokens.userSwitches = (
      await createUser(env(), 1, {
        allTicket: 'enable', allowGroup: true, allHistoric: 'enabled', allUserChat: 'enabled', userClosePendingTicket: 'enabled',
        showDashboard: 'enabled', allowRealTime: 'enabled', allowConnections: 'enabled',
      })
    ).token
    colleagueId = (await createUser(env(), 1)).id
  }, 60_000)

  for (const c of cases) {
    test(`${c.name}: allowed for ${c.allowed.join(', ')}, refused for the others`, async () => {
      const outcome: Record<string, string> = {}
      for (const role of ROLES) {
        const req = await c.request(env())
        const res = await call(env(), req.method, req.path, { ...req, token: tokens[role] })
        outcome[role] = res.status === 403 ? `403 ${res.body?.error}` : res.status >= 500 || res.status === 401 ? `${res.status}!` : 'ok'
      }
      const expected = Object.fromEntries(ROLES.map((r) => [r, c.allowed.includes(r) ? 'ok' : '403 ERR_NO_PERMISSION']))
      expect(outcome).toEqual(expected)
    })
  }
})
