import { useTranslation } from 'react-i18next'
import { formatBRL } from '../../lib/format.ts'
import { CUSTOM_PLAN, customPlanPrice, type PlanChoice, type PlanPick } from './billing.ts'

const card = 'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm accent-brand has-[:checked]:border-brand has-[:checked]:ring-1 has-[:checked]:ring-brand dark:border-slate-700'
const num = 'w-20 rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm tabular-nums dark:border-slate-600'

/** Personalizar: a public plan, or the custom plan from 3 users and 3 connections (spec part 2 §5). */
export function CheckoutPlanStep({ plans, pick, onPick }: { plans: PlanChoice[]; pick: PlanPick | null; onPick: (p: PlanPick) => void }) {
  const { t } = useTranslation()
  const custom = pick?.kind === 'custom' ? pick : { kind: 'custom' as const, users: CUSTOM_PLAN.minUsers, connections: CUSTOM_PLAN.minConnections }
  const clamp = (v: string, min: number) => Math.max(min, Math.min(1000, Math.floor(Number(v) || min)))
  return (
    <fieldset className="flex flex-col gap-2" data-testid="checkout-plans">
      <legend className="mb-2 text-sm font-medium">{t('billing.checkout.choosePlan')}</legend>
      {plans.map((p) => (
        <label key={p.id} className={card}>
          <input type="radio" name="plan" className="mt-1" checked={pick?.kind === 'plan' && pick.planId === p.id} onChange={() => onPick({ kind: 'plan', planId: p.id })} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold break-words">{p.name}</span>
            <span className="text-slate-500 dark:text-slate-400">{t('billing.checkout.planCounts', { users: p.users, connections: p.connections, queues: p.queues })}</span>
          </span>
          <span className="whitespace-nowrap font-semibold tabular-nums">{formatBRL(p.amount)}</span>
        </label>
      ))}
      <label className={card}>
        <input type="radio" name="plan" className="mt-1" checked={pick?.kind === 'custom'} onChange={() => onPick(custom)} />
        <span className="flex min-w-0 flex-1 flex-col gap-2">
          <span className="font-semibold">{t('billing.checkout.customPlan')}</span>
          <span className="flex flex-wrap gap-4">
            <span className="flex items-center gap-2">
              {t('billing.checkout.users')}
              <input aria-label={t('billing.checkout.users')} type="number" min={CUSTOM_PLAN.minUsers} className={num} value={custom.users} onChange={(e) => onPick({ ...custom, users: clamp(e.target.value, CUSTOM_PLAN.minUsers) })} />
            </span>
            <span className="flex items-center gap-2">
              {t('billing.checkout.connections')}
              <input aria-label={t('billing.checkout.connections')} type="number" min={CUSTOM_PLAN.minConnections} className={num} value={custom.connections} onChange={(e) => onPick({ ...custom, connections: clamp(e.target.value, CUSTOM_PLAN.minConnections) })} />
            </span>
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('billing.checkout.customHint')}</span>
        </span>
        <span className="whitespace-nowrap font-semibold tabular-nums">{formatBRL(customPlanPrice(custom.users, custom.connections))}</span>
      </label>
    </fieldset>
  )
}
