import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HelpCard } from './help-card.tsx'
import { LoadingScreen } from '../../ui/message-card.tsx'
import { VideoDialog } from './video-dialog.tsx'
import { youtubeEmbed, youtubeThumbnail } from '../../lib/format.ts'
import { useHelpList } from './helps.ts'
import type { Help } from '../../lib/types.ts'

/** /helps (spec part 2 Help videos): cards with thumbnails; a click plays the video in a modal. */
export default function HelpsPage() {
  const { t } = useTranslation()
  const { helps, loading } = useHelpList()
  const [playing, setPlaying] = useState<Help | null>(null)
  if (loading) return <LoadingScreen label={t('common.loading')} />
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('helps.title')}</h1>
      {helps.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">{t('helps.empty')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {helps.map((h) => (
            <HelpCard key={h.id} title={h.title} description={h.description} thumbnailUrl={youtubeThumbnail(h.video)} onOpen={() => setPlaying(h)} />
          ))}
        </div>
      )}
      <VideoDialog video={playing ? { title: playing.title, embedUrl: youtubeEmbed(playing.video) } : null} closeLabel={t('common.close')} onClose={() => setPlaying(null)} />
    </section>
  )
}
