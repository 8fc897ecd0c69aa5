import { Icon } from '../../ui/icon.tsx'

interface HelpCardProps {
  title: string
  description: string
  thumbnailUrl: string
  onOpen: () => void
}

/** One help video: thumbnail, title and description; clicking opens the video. */
export function HelpCard({ title, description, thumbnailUrl, onOpen }: HelpCardProps) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group flex flex-col overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md dark:bg-slate-900 dark:ring-slate-800"
    >
      <span className="relative block aspect-video bg-slate-200 dark:bg-slate-800">
        <img
          src={thumbnailUrl}
          alt=""
          loading="lazy"
          className="size-full object-cover"
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden'
          }}
        />
        <span className="absolute inset-0 flex items-center justify-center bg-black/0 transition group-hover:bg-black/25">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
            <Icon name="play" />
          </span>
        </span>
      </span>
      <span className="flex flex-col gap-1 p-4">
        <span className="font-semibold">{title}</span>
        <span className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{description}</span>
      </span>
    </button>
  )
}
