import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import type { Problems, SignupValues } from '../../lib/validation.ts'

interface SignupFormProps {
  values: SignupValues
  problems: Problems<keyof SignupValues>
  plans: { value: string; label: string }[]
  busy: boolean
  onChange: (key: keyof SignupValues, value: string) => void
  onSubmit: () => void
}

/** Sign-up fields (spec part 2 §5): name, company, email, phone, password and a public plan. */
export function SignupForm({ values, problems, plans, busy, onChange, onSubmit }: SignupFormProps) {
  const { t } = useTranslation()
  const err = (k: keyof SignupValues) => (problems[k] ? t(problems[k]!) : undefined)
  const field = (k: keyof SignupValues) => ({ id: `signup-${k}`, value: values[k], error: err(k), onChange: (v: string) => onChange(k, v) })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField {...field('name')} label={t('signup.name')} autoComplete="name" />
        <TextField {...field('companyName')} label={t('signup.companyName')} autoComplete="organization" />
        <TextField {...field('email')} label={t('signup.email')} type="email" autoComplete="email" />
        <TextField {...field('phone')} label={t('signup.phone')} type="tel" autoComplete="tel" />
      </div>
      <TextField {...field('password')} label={t('signup.password')} type="password" autoComplete="new-password" />
      <SelectField {...field('planId')} label={t('signup.plan')} options={plans} placeholder={t('signup.choosePlan')} />
      <Button type="submit" disabled={busy} className="mt-2 w-full">
        {t('signup.submit')}
      </Button>
    </form>
  )
}
