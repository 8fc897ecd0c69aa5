import { useTranslation } from 'react-i18next'
import { profileProblems, type ProfileValues } from '../../lib/validation.ts'
import { useDialogForm } from '../../lib/use-dialog-form.ts'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Icon } from '../../ui/icon.tsx'
import { Modal } from '../../ui/modal.tsx'

interface ProfileDialogProps {
  open: boolean
  initial: ProfileValues
  avatarUrl: string | null
  onClose: () => void
  /** Saves the values; resolves when done (the dialog then closes), rejects to stay open. */
  onSave: (values: ProfileValues) => Promise<void>
  onAvatar: (file: File) => Promise<void>
}

/** The user's own profile: name, email, password, avatar, default theme and menu. */
export function ProfileDialog({ open, initial, avatarUrl, onClose, onSave, onAvatar }: ProfileDialogProps) {
  const { t } = useTranslation()
  const { values, setValues, problems, busy, submit } = useDialogForm({ open, initial, validate: profileProblems, onSave, onClose })

  const set = <K extends keyof ProfileValues>(key: K) => (v: string) => setValues((prev) => ({ ...prev, [key]: v as ProfileValues[K] }))

  const err = (p?: string) => (p ? t(p) : undefined)
  const footer = (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" form="profile-form" disabled={busy}>
        {t('common.save')}
      </Button>
    </>
  )

  return (
    <Modal open={open} onClose={onClose} title={t('profile.title')} closeLabel={t('common.close')} footer={footer}>
      <form id="profile-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex items-center gap-4">
          {avatarUrl ? (
            <img src={avatarUrl} alt="" className="size-16 rounded-full object-cover" />
          ) : (
            <Icon name="account" className="size-16 text-slate-400" />
          )}
          <label className="cursor-pointer rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800">
            {t('profile.changeAvatar')}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void onAvatar(file).catch(() => {})
              }}
            />
          </label>
        </div>
        <TextField id="profile-name" label={t('profile.name')} value={values.name} onChange={set('name')} error={err(problems.name)} autoComplete="name" />
        <TextField id="profile-email" label={t('profile.email')} type="email" value={values.email} onChange={set('email')} error={err(problems.email)} autoComplete="email" />
        <TextField
          id="profile-password"
          label={t('profile.password')}
          type="password"
          value={values.password}
          onChange={set('password')}
          error={err(problems.password)}
          autoComplete="new-password"
          hint={t('profile.passwordHint')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            id="profile-theme"
            label={t('profile.defaultTheme')}
            value={values.defaultTheme}
            onChange={set('defaultTheme')}
            options={[
              { value: 'light', label: t('profile.themeLight') },
              { value: 'dark', label: t('profile.themeDark') },
            ]}
          />
          <SelectField
            id="profile-menu"
            label={t('profile.defaultMenu')}
            value={values.defaultMenu}
            onChange={set('defaultMenu')}
            options={[
              { value: 'open', label: t('profile.menuOpen') },
              { value: 'closed', label: t('profile.menuClosed') },
            ]}
          />
        </div>
      </form>
    </Modal>
  )
}
