/** The two tabs a split page becomes on a narrow screen (tickets: Ticket and List; internal chat: Chats and Messages). */
export function NarrowTabs<K extends string>({ tabs, selected, onSelect }: { tabs: { key: K; label: string }[]; selected: K; onSelect: (key: K) => void }) {
  return (
    <div role="tablist" className="flex border-b border-slate-200 dark:border-slate-800">
      {tabs.map(({ key, label }) => (
        <button
          key={key}
          role="tab"
          type="button"
          aria-selected={selected === key}
          className={`flex-1 py-2 text-sm font-semibold ${selected === key ? 'border-b-2 border-brand text-brand' : ''}`}
          onClick={() => onSelect(key)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
