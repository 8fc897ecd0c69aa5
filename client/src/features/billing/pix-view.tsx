import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'
import { formatBRL, formatDay } from '../../lib/format.ts'
import { useCopy } from '../../lib/use-copy.ts'
import { COPIED_RESET_MS, type SubscriptionAnswer } from './billing.ts'

/**
 * The Pix payment view (spec part 2 §2 checkout, §4, §9): the QR code and the "copia e cola" text with
 * a copy button whose "Copiado!" resets after 1 s; once paid, the renewal message.
 */
export function PixView({ pix, renewedUntil }: { pix: SubscriptionAnswer; renewedUntil: string | null }) {
  const { t } = useTranslation()
  const [image, setImage] = useState<string | null>(null)
  const { copied, copy: copyText } = useCopy(COPIED_RESET_MS)
  const code = pix.qrcode.qrcode
  useEffect(() => {
    let current = true
    QRCode.toDataURL(code, { margin: 1, width: 240 })
      .then((url) => current && setImage(url))
      .catch((err: unknown) => console.error('QR code not drawn', err))
    return () => {
      current = false
    }
  }, [code])
  const copy = () => copyText(code)

  if (renewedUntil) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="pix-renewed">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-200">
          <Icon name="check" className="size-8" />
        </span>
        <p className="text-lg font-semibold">{t('billing.renewed', { date: formatDay(renewedUntil) })}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('billing.goingHome')}</p>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center gap-3" data-testid="pix-view">
      <p className="text-center text-sm">{t('billing.pixInstructions')}</p>
      <p className="text-2xl font-bold tabular-nums" data-testid="pix-amount">{formatBRL(Number(pix.valor.original))}</p>
      {image ? <img src={image} alt={t('billing.qrAlt')} className="size-60 rounded-md bg-white p-2" /> : <div className="size-60 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />}
      <label className="flex w-full flex-col gap-1 text-sm" htmlFor="pix-code">
        {t('billing.pixCode')}
        <textarea id="pix-code" readOnly value={code} rows={3} onFocus={(e) => e.target.select()} className="w-full resize-none break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800" />
      </label>
      <Button onClick={() => void copy()} data-testid="pix-copy">
        <Icon name={copied ? 'check' : 'copy'} className="size-5" />
        {copied ? t('billing.copied') : t('billing.copy')}
      </Button>
      <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400" role="status">
        <span className="size-2 animate-pulse rounded-full bg-amber-500" />
        {t('billing.waitingPayment')}
      </p>
    </div>
  )
}
