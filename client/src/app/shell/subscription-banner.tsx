import { Icon } from '../../ui/icon.tsx'

/** Shown when fewer than 5 days remain until the company's due date. */
export function SubscriptionBanner({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      <Icon name="warning" className="size-5 shrink-0" />
      <span>{text}</span>
    </div>
  )
}
