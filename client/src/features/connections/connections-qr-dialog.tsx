import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../ui/modal.tsx'

interface ConnectionsQrDialogProps {
  open: boolean
  /** The row's current QR code text, live from the local database; '' once paired or stopped. */
  qrcode: string
  onClose: () => void
}

/**
 * The QR dialog (spec part 2 §4): draws the row's QR code and closes by itself when the code becomes
 * empty (the phone paired, or the session stopped). Opened before any code exists (a session restarting
 * to link the phone again) it waits for the first one.
 */
export function ConnectionsQrDialog({ open, qrcode, onClose }: ConnectionsQrDialogProps) {
  const { t } = useTranslation()
  const [image, setImage] = useState<string | null>(null)
  const [shown, setShown] = useState(false)

  useEffect(() => {
    if (!open || !qrcode) return setImage(null)
    let current = true
    QRCode.toDataURL(qrcode, { margin: 1, width: 256 })
      .then((url) => current && setImage(url))
      .catch((err: unknown) => console.error('QR code not drawn', err))
    return () => {
      current = false
    }
  }, [open, qrcode])

  useEffect(() => {
    if (!open) return setShown(false)
    if (qrcode) setShown(true)
    else if (shown) onClose()
  }, [open, qrcode, shown, onClose])

  return (
    <Modal open={open} onClose={onClose} title={t('connections.qr.title')} closeLabel={t('common.close')}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('connections.qr.instructions')}</p>
      <div className="flex min-h-64 items-center justify-center">
        {image ? (
          <img src={image} alt={t('connections.qr.alt')} data-testid="connection-qr-image" className="size-64 bg-white p-2" />
        ) : (
          <span className="text-sm text-slate-500">{t('connections.qr.waiting')}</span>
        )}
      </div>
    </Modal>
  )
}
