import { beforeAll, expect, test } from 'bun:test'
import { withSystem } from '../db/tenant.ts'
import { describeEachBackend } from '../../test/env.ts'
import { call } from '../../test/http.ts'
import { createCompany, createUser, superToken } from '../../test/factories.ts'
import { PNG_1PX, formWith } from '../../test/files.ts'

/**
 * Two companies. Company B's admin and user aim every route that takes an id at company A's records:
 * each answer is 403 or 404, A's records are unchanged afterwards, and no list of B's ever shows A's rows.
 */
describeEachBackend('tenant isolation', (env) => {
  const a = { companyId: 0, adminId: 0, adminToken: '', userId: 0, invoiceId: 0, queueId: 0, avatar: '', tagId: 0, contactId: 0 }
  const b = { adminToken: '', userToken: '' }

  beforeAll(async () => {
    const ca = await createCompany(env())
    Object.assign(a, { companyId: ca.companyId, adminId: ca.adminId, adminToken: ca.adminToken })
    const ua = await createUser(env(), ca.companyId)
    a.userId = ua.id
    await withSystem(env().services.db, async (tx) => {
      a.invoiceId = (await tx`insert into invoices (company_id, detail, value, due_date) values (${ca.companyId}, 'A', 10, '2026-12-01') returning id`)[0].id
      a.queueId = (await tx`insert into queues (company_id, name, color) values (${ca.companyId}, 'Fila A', '#123456') returning id`)[0].id
      a.tagId = (await tx`insert into tags (company_id, name) values (${ca.companyId}, 'Etiqueta A') returning id`)[0].id
      a.contactId = (await tx`insert into contacts (company_id, name, number) values (${ca.companyId}, 'Contato A', '5511912345678') returning id`)[0].id
      await tx`insert into contact_tags (company_id, contact_id, tag_id) values (${ca.companyId}, ${a.contactId}, ${a.tagId})`
    })
    const up = await call(env(), 'POST', `/users/${ua.id}/media-upload`, {
      token: ua.token,
      form: formWith('profileImage', PNG_1PX, 'a.png', 'image/png'),
    })
    a.avatar = up.body.profileImage
    const cb = await createCompany(env())
    b.adminToken = cb.adminToken
    b.userToken = (await createUser(env(), cb.companyId)).token
  }, 60_000)

  const attacks = () => [
    ['GET', `/users/${a.userId}`],
    ['PUT', `/users/${a.userId}`, { name: 'Hijacked' }],
    ['DELETE', `/users/${a.userId}`],
    ['PUT', `/users/toggleChangeWidht/${a.userId}`, { defaultTicketsManagerWidth: 404 }],
    ['POST', `/users/${a.userId}/media-upload`, 'form'],
    ['GET', `/companies/${a.companyId}`],
    ['GET', `/companies/listPlan/${a.companyId}`],
    ['PUT', `/companies/${a.companyId}/schedules`, { schedules: [] }],
    ['PUT', `/companies/${a.companyId}`, { name: 'Hijacked Co' }],
    ['DELETE', `/companies/${a.companyId}`],
    ['POST', `/companies/${a.companyId}/renew`],
    ['GET', `/invoices/${a.invoiceId}`],
    ['GET', `/companySettings/${a.companyId}`],
    ['GET', `/media/${a.companyId}/${a.avatar}`],
    ['GET', `/tags/${a.tagId}`],
    ['PUT', `/tags/${a.tagId}`, { name: 'Hijacked tag' }],
    ['DELETE', `/tags/${a.tagId}`],
    ['DELETE', `/tags-contacts/${a.tagId}/${a.contactId}`],
    ['POST', '/tags/sync', { contactId: a.contactId, tags: [] }],
    ['GET', `/contactTags/${a.contactId}`],
  ] as [string, string, unknown?][]

  for (const who of ['admin', 'user'] as const) {
    test(`company B's ${who} gets 403 or 404 on every route aimed at company A's ids`, async () => {
      const token = who === 'admin' ? b.adminToken : b.userToken
      const answers: Record<string, number> = {}
      for (const [method, path, body] of attacks()) {
        const opts = body === 'form' ? { form: formWith('profileImage', PNG_1PX, 'x.png', 'image/png') } : body ? { json: body } : {}
        const res = await call(env(), method, path, { token, ...opts })
        answers[`${method} ${path}`] = res.status
      }
      for (const [route, status] of Object.entries(answers)) expect([route, [403, 404].includes(status)]).toEqual([route, true])
    })
  }

  test("company A's records are unchanged after the attempts", async () => {
    const user = await call(env(), 'GET', `/users/${a.userId}`, { token: a.adminToken })
    expect(user.status).toBe(200)
    expect(user.body.name).not.toBe('Hijacked')
    expect(user.body.profileImage).toBe(a.avatar)
    expect(user.body.defaultTicketsManagerWidth).toBe(550)
    const company = await call(env(), 'GET', `/companies/${a.companyId}`, { token: a.adminToken })
    expect(company.status).toBe(200)
    expect(company.body.name).not.toBe('Hijacked Co')
    const media = await env().app.request(`/media/${a.companyId}/${a.avatar}`, { headers: { authorization: `Bearer ${a.adminToken}` } })
    expect(media.status).toBe(200)
    const tag = await call(env(), 'GET', `/tags/${a.tagId}`, { token: a.adminToken })
    expect([tag.status, tag.body.name, tag.body.contactsCount]).toEqual([200, 'Etiqueta A', 1])
  })

  test("no list of company B contains company A's rows", async () => {
    const lists = await Promise.all(
      ['/users/', '/users/list', '/invoices', '/companySettingOne?column=userRating', '/tags/', '/tags/list'].map((p) => call(env(), 'GET', p, { token: b.adminToken })),
    )
    const text = JSON.stringify(lists.map((l) => l.body))
    const users = lists[0].body.users as { id: number; companyId: number }[]
    expect(users.length).toBeGreaterThan(0)
    expect(users.some((u) => u.id === a.userId || u.id === a.adminId || u.companyId === a.companyId)).toBe(false)
    expect((lists[1].body as { id: number }[]).some((u) => u.id === a.userId || u.id === a.adminId)).toBe(false)
    expect((lists[2].body.invoices as { id: number }[]).some((i) => i.id === a.invoiceId)).toBe(false)
    expect(text).not.toContain('Fila A')
    expect(lists[4].body.tags).toEqual([])
    expect(text).not.toContain('Etiqueta A')
  })

  test("the super user does reach company A (the checks above are not blind)", async () => {
    const token = await superToken(env())
    expect((await call(env(), 'GET', `/companies/${a.companyId}`, { token })).status).toBe(200)
    expect((await call(env(), 'GET', `/companySettings/${a.companyId}`, { token })).status).toBe(200)
  })
})
