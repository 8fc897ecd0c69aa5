import { useState } from 'react'
import { CheckoutDialog } from './checkout-dialog.tsx'

/**
 * The checkout as a page uses it: `open(invoiceId?)` starts paying (an invoice, or the current due
 * date's), `refresh` grows when the dialog closes so the page asks its invoices again, and `dialog`
 * is the element to render.
 */
export function useCheckout() {
  const [paying, setPaying] = useState<{ invoiceId?: number } | null>(null)
  const [refresh, setRefresh] = useState(0)
  const dialog = (
    <CheckoutDialog
      open={paying !== null}
      invoiceId={paying?.invoiceId}
      onClose={() => {
        setPaying(null)
        setRefresh((n) => n + 1)
      }}
    />
  )
  return { paying: paying !== null, open: (invoiceId?: number) => setPaying({ invoiceId }), refresh, dialog }
}
