import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { formatBRL, formatDay } from '../../lib/format.ts'
import { userAtom } from '../../state/auth.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import {
  fetchPublicPlans, newPayer, payerProblems, pickPrice, RENEWED_HOME_MS, subscribe, subscriptionRequest, usePaymentConfirmation,
  type PayerValues, type PlanChoice, type PlanPick, type SubscriptionAnswer,
} from './billing.ts'
import { CheckoutPlanStep } from './checkout-plan-step.tsx'
import { PixView } from './pix-view.tsx'

const STEPS = ['data', 'plan', 'review'] as const

/**
 * The subscription checkout (spec part 2 §2, §4 "Checkout and invoices"): Dados, Personalizar, Revisar
 * (Back allowed), then Pay posts POST /subscription and shows the Pix view until the payment arrives;
 * then the renewal message and home after 4 s (a full load, so the session sees the new due date).
 */
export function CheckoutDialog({ open, invoiceId, onClose }: { open: boolean; invoiceId?: number; onClose: () => void }) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [step, setStep] = useState(0)
  const [payer, setPayer] = useState<PayerValues>(newPayer)
  const [tried, setTried] = useState(false)
  const [plans, setPlans] = useState<PlanChoice[]>([])
  const [pick, setPick] = useState<PlanPick | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [pix, setPix] = useState<SubscriptionAnswer | null>(null)
  const renewedUntil = usePaymentConfirmation(me?.companyId, pix?.invoiceId ?? null)

  useEffect(() => {
    if (!open) return
    const abort = new AbortController()
    fetchPublicPlans(abort.signal).then((list) => {
      setPlans(list)
      const current = me?.company?.planId
      setPick((p) => p ?? (list.some((x) => x.id === current) ? { kind: 'plan', planId: current! } : null))
    }, () => {})
    return () => abort.abort()
  }, [open, me?.company?.planId])

  useEffect(() => {
    if (!renewedUntil) return
    pushToast('success', t('billing.renewed', { date: formatDay(renewedUntil) }))
    const timer = setTimeout(() => window.location.assign('/'), RENEWED_HOME_MS)
    return () => clearTimeout(timer)
  }, [renewedUntil, t])

  const problems = payerProblems(payer)
  const set = (k: keyof PayerValues) => (v: string) => setPayer((p) => ({ ...p, [k]: v }))
  const error = (k: keyof PayerValues) => (tried && problems[k] ? t(problems[k]!) : undefined)
  const close = () => {
    setStep(0)
    setTried(false)
    setFailure(null)
    setPix(null)
    onClose()
  }
  const next = () => {
    setTried(true)
    if (step === 0 && Object.keys(problems).length) return
    if (step === 1 && !pick) return
    setStep((s) => s + 1)
  }
  const pay = async () => {
    if (!pick) return
    setBusy(true)
    setFailure(null)
    try {
      const answer = await subscribe(subscriptionRequest(payer, pick, plans, invoiceId))
      pushToast('success', t('billing.subscribed'))
      setPix(answer)
    } catch (err) {
      setFailure(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  const price = pick ? pickPrice(pick, plans) : null
  const chosen = pick?.kind === 'plan' ? plans.find((p) => p.id === pick.planId)?.name : t('billing.checkout.customPlan')

  const footer = pix ? (
    <Button variant="secondary" onClick={close}>{t('common.close')}</Button>
  ) : (
    <>
      {step > 0 && <Button variant="secondary" onClick={() => setStep((s) => s - 1)}>{t('billing.checkout.back')}</Button>}
      {step < 2 ? (
        <Button onClick={next} data-testid="checkout-next">{t('billing.checkout.next')}</Button>
      ) : (
        <Button onClick={() => void pay()} disabled={busy} data-testid="checkout-pay">{t('billing.pay')}</Button>
      )}
    </>
  )

  return (
    <Modal open={open} onClose={close} title={pix ? t('billing.pixTitle') : t('billing.checkout.title')} closeLabel={t('common.close')} footer={footer}>
      {pix ? (
        <PixView pix={pix} renewedUntil={renewedUntil} />
      ) : (
        <div className="flex flex-col gap-4">
          <ol className="flex gap-2 text-xs font-semibold" aria-label={t('billing.checkout.steps')}>
            {STEPS.map((s, i) => (
              <li key={s} aria-current={i === step ? 'step' : undefined} className={`flex-1 rounded-full px-2 py-1 text-center ${i === step ? 'bg-brand text-brand-contrast' : i < step ? 'bg-slate-200 dark:bg-slate-700' : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400'}`}>
                {t(`billing.checkout.step.${s}`)}
              </li>
            ))}
          </ol>
          {step === 0 && (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField id="checkout-first-name" label={t('billing.checkout.firstName')} value={payer.firstName} onChange={set('firstName')} error={error('firstName')} autoComplete="name" />
              <TextField id="checkout-last-name" label={t('billing.checkout.lastName')} value={payer.lastName} onChange={set('lastName')} autoComplete="family-name" />
              <TextField id="checkout-zipcode" label={t('billing.checkout.zipcode')} value={payer.zipcode} onChange={set('zipcode')} error={error('zipcode')} />
              <TextField id="checkout-address" label={t('billing.checkout.address')} value={payer.address2} onChange={set('address2')} autoComplete="street-address" />
              <TextField id="checkout-city" label={t('billing.checkout.city')} value={payer.city} onChange={set('city')} autoComplete="address-level2" />
              <TextField id="checkout-state" label={t('billing.checkout.state')} value={payer.state} onChange={set('state')} autoComplete="address-level1" />
            </div>
          )}
          {step === 1 && (
            <>
              <CheckoutPlanStep plans={plans} pick={pick} onPick={setPick} />
              {tried && !pick && <p className="text-xs text-red-600">{t('billing.checkout.planRequired')}</p>}
            </>
          )}
          {step === 2 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="checkout-review">
              <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.firstName')}</dt>
              <dd className="break-words">{`${payer.firstName} ${payer.lastName}`.trim()}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.zipcode')}</dt>
              <dd>{payer.zipcode}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.plan')}</dt>
              <dd className="break-words">{chosen}</dd>
              <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.total')}</dt>
              <dd className="font-semibold tabular-nums">{price === null ? '—' : `${formatBRL(price)} / ${t('billing.checkout.month')}`}</dd>
            </dl>
          )}
          {failure && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{failure}</p>}
        </div>
      )}
    </Modal>
  )
}
