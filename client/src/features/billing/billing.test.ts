import { describe, expect, test } from 'bun:test'
import { newPayer, payerProblems, pickPrice, subscriptionRequest, type PlanChoice } from './billing.ts'
import { dueTone } from './invoices-table.tsx'

const plans: PlanChoice[] = [{ id: 4, name: 'Básico', users: 3, connections: 1, queues: 2, amount: 99.9 }]

describe('checkout', () => {
  test('Dados needs the full name and a CPF/CNPJ whose digits are right', () => {
    expect(payerProblems(newPayer())).toEqual({ firstName: 'billing.checkout.nameRequired', zipcode: 'billing.checkout.zipcodeRequired' })
    expect(payerProblems({ ...newPayer(), firstName: 'Ana', zipcode: '529.982.247-26' })).toEqual({ zipcode: 'billing.checkout.taxIdInvalid' })
    expect(payerProblems({ ...newPayer(), firstName: 'Ana', zipcode: '529.982.247-25' })).toEqual({})
    expect(payerProblems({ ...newPayer(), firstName: 'Ana', zipcode: '11.222.333/0001-81' })).toEqual({})
  })

  test('prices a plan as listed and the custom plan at 49 + 11 per user and 20 per connection beyond 3', () => {
    expect(pickPrice({ kind: 'plan', planId: 4 }, plans)).toBe(99.9)
    expect(pickPrice({ kind: 'plan', planId: 9 }, plans)).toBeNull()
    expect(pickPrice({ kind: 'custom', users: 3, connections: 3 }, plans)).toBe(49)
    expect(pickPrice({ kind: 'custom', users: 5, connections: 4 }, plans)).toBe(91)
  })

  test('posts the spec\'s fields, the plan id or custom with its counts, and the invoice when one is paid', () => {
    const payer = { ...newPayer(), firstName: 'Ana', zipcode: '529.982.247-25' }
    expect(subscriptionRequest(payer, { kind: 'plan', planId: 4 }, plans, 12)).toMatchObject({ firstName: 'Ana', zipcode: '529.982.247-25', plan: 4, price: 99.9, invoiceId: 12 })
    const custom = subscriptionRequest(payer, { kind: 'custom', users: 4, connections: 3 }, plans)
    expect(custom).toMatchObject({ plan: 'custom', users: 4, connections: 3, price: 60 })
    expect('invoiceId' in custom).toBe(false)
  })
})

describe('invoice due colours', () => {
  const today = new Date(2026, 10, 27, 15)
  test('open invoices: red due today or past, yellow within 5 days; paid ones none', () => {
    expect(dueTone({ status: 'Em aberto', dueDate: '2026-11-27' }, today)).toBe('late')
    expect(dueTone({ status: 'Em aberto', dueDate: '2026-11-01' }, today)).toBe('late')
    expect(dueTone({ status: 'Em aberto', dueDate: '2026-11-28' }, today)).toBe('soon')
    expect(dueTone({ status: 'Em aberto', dueDate: '2026-12-02' }, today)).toBe('soon')
    expect(dueTone({ status: 'Em aberto', dueDate: '2026-12-03' }, today)).toBeNull()
    expect(dueTone({ status: 'Pago', dueDate: '2026-11-01' }, today)).toBeNull()
  })
})
