import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { SelectField } from '../../ui/form-field.tsx'
import { api } from '../../lib/api.ts'
import { useQueueOptions } from '../queues/index.ts'
import { toastError } from '../../lib/errors.ts'
import { useBrowserOnline } from '../../lib/local-first.ts'
import { useUserOptions } from '../queues/index.ts'

type Wallet = { contactId: number; userId: number; queueId: number | null } | null

/**
 * The contact's wallet in the drawer, for admins (company setting DirectTicketsToWallets sends the
 * contact's new conversations to this attendant; docs/decisions.md "Routing"). Admin configuration,
 * online like the connections page: read and saved through GET/PUT/DELETE /contacts/{id}/wallet.
 */
export function ContactWallet({ contactId }: { contactId: number }) {
  const { t } = useTranslation()
  const online = useBrowserOnline()
  const users = useUserOptions()
  const queues = useQueueOptions()
  const queueOptions = queues.map((q) => ({ value: String(q.id), label: q.name }))
  const [saved, setSaved] = useState<Wallet | undefined>(undefined)
  const [userId, setUserId] = useState('')
  const [queueId, setQueueId] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!online) return
    let live = true
    api<Wallet>(`/contacts/${contactId}/wallet`).then(
      (w) => {
        if (!live) return
        setSaved(w)
        setUserId(w ? String(w.userId) : '')
        setQueueId(w?.queueId ? String(w.queueId) : '')
      },
      () => live && setSaved(undefined),
    )
    return () => {
      live = false
    }
  }, [contactId, online])

  const changed = saved !== undefined && (userId !== (saved ? String(saved.userId) : '') || queueId !== (saved?.queueId ? String(saved.queueId) : ''))
  const save = async () => {
    setBusy(true)
    try {
      if (!userId) {
        await api(`/contacts/${contactId}/wallet`, { method: 'DELETE' })
        setSaved(null)
      } else {
        setSaved(await api<Wallet>(`/contacts/${contactId}/wallet`, { method: 'PUT', json: { userId: Number(userId), queueId: queueId ? Number(queueId) : null } }))
      }
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section data-testid="contact-wallet" className="flex flex-col gap-2 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
      <h3 className="font-semibold">{t('drawer.wallet.title')}</h3>
      {!online || saved === undefined ? (
        <p className="text-xs text-slate-500">{online ? t('common.loading') : t('drawer.wallet.offline')}</p>
      ) : (
        <>
          <SelectField id="wallet-user" label={t('drawer.wallet.user')} value={userId} onChange={setUserId} options={users} placeholder={t('drawer.wallet.none')} />
          {userId && (
            <SelectField id="wallet-queue" label={t('drawer.wallet.queue')} value={queueId} onChange={setQueueId} options={queueOptions} placeholder="—" />
          )}
          <Button data-testid="wallet-save" disabled={!changed || busy} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </>
      )}
    </section>
  )
}
