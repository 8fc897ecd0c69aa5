import { useAtomValue } from 'jotai'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ProfileDialog, saveOwnProfile, uploadAvatar } from '../../features/users/index.ts'
import { UserMenu } from './user-menu.tsx'
import { logout } from '../../features/auth/index.ts'
import { toastError } from '../../lib/errors.ts'
import { useLocalFirst, useOutbox } from '../../lib/local-first.ts'
import { useMediaUrl } from '../../lib/media.ts'
import type { ProfileValues } from '../../lib/validation.ts'
import { LANGUAGES, setLanguage, type Language } from '../../i18n/index.ts'
import { userAtom } from '../../state/auth.ts'
import { pushToast } from '../../state/toasts.ts'

/** Avatar menu with the profile dialog, the language choice and logout (which warns while writes are still queued). */
export function AccountMenu() {
  const { t, i18n } = useTranslation()
  const user = useAtomValue(userAtom)
  const [profileOpen, setProfileOpen] = useState(false)
  const [confirmLogout, setConfirmLogout] = useState(false)
  // Read when logout is asked, not watched: the menu (and its profile dialog) rendered again on every
  // reply sent, each one a queued write (bench/ui.ts profile of the replies).
  const outbox = useLocalFirst()?.outbox ?? null
  const avatarUrl = useMediaUrl(user?.companyId, user?.profileImage)
  const initial = useMemo<ProfileValues>(
    () => ({ name: user?.name ?? '', email: user?.email ?? '', password: '', defaultTheme: user?.defaultTheme ?? 'light', defaultMenu: user?.defaultMenu ?? 'open' }),
    [user?.name, user?.email, user?.defaultTheme, user?.defaultMenu],
  )
  if (!user) return null

  async function save(values: ProfileValues) {
    try {
      await saveOwnProfile(user!.id, values)
      pushToast('success', t('profile.saved'))
    } catch (err) {
      toastError(err)
      throw err
    }
  }

  async function changeAvatar(file: File) {
    try {
      await uploadAvatar(user!.id, file)
      pushToast('success', t('profile.avatarSaved'))
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <>
      <UserMenu
        label={t('layout.account')}
        userName={user.name}
        avatarUrl={avatarUrl}
        profileLabel={t('layout.profile')}
        logoutLabel={t('layout.logout')}
        languageLabel={t('layout.language')}
        language={i18n.language}
        languages={LANGUAGES.map((code) => ({ code, name: t(`languages.${code}`) }))}
        onProfile={() => setProfileOpen(true)}
        onLanguage={(code) => void setLanguage(code as Language)}
        onLogout={() => ((outbox?.snapshot().writes.length ?? 0) > 0 ? setConfirmLogout(true) : void logout())}
      />
      {confirmLogout && (
        <UnsentLogoutConfirm
          onCancel={() => setConfirmLogout(false)}
          onConfirm={() => {
            setConfirmLogout(false)
            void logout()
          }}
        />
      )}
      <ProfileDialog open={profileOpen} initial={initial} avatarUrl={avatarUrl} onClose={() => setProfileOpen(false)} onSave={save} onAvatar={changeAvatar} />
    </>
  )
}

/** Logout while writes are queued: the count follows the outbox while the question is open. */
function UnsentLogoutConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation()
  const unsent = useOutbox().writes.length
  return (
    <ConfirmDialog
      open
      tone="danger"
      title={t('sync.logoutTitle')}
      text={t('sync.logoutText', { count: unsent })}
      confirmLabel={t('sync.logoutConfirm')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  )
}
