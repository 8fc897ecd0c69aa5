import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'

interface LoginFormProps {
  email: string
  password: string
  busy: boolean
  onEmail: (v: string) => void
  onPassword: (v: string) => void
  onSubmit: () => void
  footer?: ReactNode
}

export function LoginForm({ email, password, busy, onEmail, onPassword, onSubmit, footer }: LoginFormProps) {
  const { t } = useTranslation()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField id="email" label={t('login.email')} type="email" value={email} onChange={onEmail} autoComplete="username" />
      <TextField id="password" label={t('login.password')} type="password" value={password} onChange={onPassword} autoComplete="current-password" />
      <Button type="submit" disabled={busy || !email || !password} className="mt-2 w-full">
        {t('login.submit')}
      </Button>
      {footer}
    </form>
  )
}
