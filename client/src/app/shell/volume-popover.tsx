import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { topBarButtonClass } from '../../ui/button.tsx'
import { Icon } from '../../ui/icon.tsx'

/** Notification volume: a slider 0 to 1 in steps of 0.1 (spec part 1 §2). */
export function VolumePopover({ volume, onChange, label }: { volume: number; onChange: (v: number) => void; label: string }) {
  return (
    <Popover className="relative">
      <PopoverButton className={topBarButtonClass} aria-label={label} title={label}>
        <Icon name={volume === 0 ? 'volumeOff' : 'volume'} />
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-2 flex w-56 items-center gap-3 rounded-lg bg-white p-4 text-slate-700 shadow-lg ring-1 ring-black/5 dark:bg-slate-800 dark:text-slate-200"
      >
        <Icon name="volumeOff" className="size-5 shrink-0" />
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          aria-label={label}
          onChange={(e) => onChange(Number(e.target.value))}
          className="w-full"
        />
        <Icon name="volume" className="size-5 shrink-0" />
      </PopoverPanel>
    </Popover>
  )
}
