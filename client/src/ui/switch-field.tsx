import { Field, Label, Switch } from '@headlessui/react'

interface SwitchFieldProps {
  id: string
  label: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}

/** An on/off switch with its label (Headless UI: role switch, Space toggles). */
export function SwitchField({ id, label, checked, disabled, onChange }: SwitchFieldProps) {
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-4 py-2">
      <Label className="text-sm text-slate-700 data-[disabled]:opacity-50 dark:text-slate-300">{label}</Label>
      <Switch
        id={id}
        name={id}
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[checked]:bg-brand data-[disabled]:opacity-50 dark:bg-slate-600"
      >
        <span className="size-4 translate-x-1 rounded-full bg-white shadow transition group-data-[checked]:translate-x-6" />
      </Switch>
    </Field>
  )
}
