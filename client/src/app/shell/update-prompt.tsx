import { Button } from '../../ui/button.tsx'

interface UpdatePromptProps {
  text: string
  updateLabel: string
  laterLabel: string
  onUpdate: () => void
  onDismiss: () => void
}

/** "Nova versão disponível": a waiting service worker takes over when the user accepts. */
export function UpdatePrompt({ text, updateLabel, laterLabel, onUpdate, onDismiss }: UpdatePromptProps) {
  return (
    <div role="alertdialog" aria-label={text} className="fixed bottom-4 left-4 z-[70] flex max-w-sm items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-xl dark:bg-slate-700">
      <span className="flex-1">{text}</span>
      <Button variant="text" className="!text-slate-300" onClick={onDismiss}>
        {laterLabel}
      </Button>
      <Button onClick={onUpdate}>{updateLabel}</Button>
    </div>
  )
}
