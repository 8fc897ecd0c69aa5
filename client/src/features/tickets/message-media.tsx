import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMessageMediaUrl } from './use-message-media-url.ts'
import { locationLabel, mapUrl, parseLocation, parseVCard } from './message-content.ts'
import { AudioPlayer } from './audio-player.tsx'
import { MediaIcon } from '../../ui/media-icon.tsx'

/** Message kinds whose content is drawn here instead of (or above) the text (spec part 1 §3 mediaTypes). */
export const FILE_KINDS = ['image', 'video', 'audio', 'application', 'document', 'sticker']

interface MessageMediaProps {
  mediaType: string
  mediaUrl: string | null
  mediaName: string | null
  body: string
  vCard?: string | null
}

/** The content of a media, location or contact message, above its caption. */
export function MessageMedia({ mediaType, mediaUrl, mediaName, body, vCard }: MessageMediaProps) {
  if (mediaType === 'locationMessage') return <LocationLink body={body} />
  if (mediaType === 'contactMessage') return <ContactCard card={vCard || body} fallbackName={body} />
  if (mediaUrl && FILE_KINDS.includes(mediaType)) return <StoredFile mediaType={mediaType} mediaUrl={mediaUrl} mediaName={mediaName} />
  return null
}

function StoredFile({ mediaType, mediaUrl, mediaName }: { mediaType: string; mediaUrl: string; mediaName: string | null }) {
  const { t } = useTranslation()
  const src = useMessageMediaUrl(mediaUrl)
  const name = mediaName ?? mediaUrl.split('/').pop() ?? ''
  if (!src) {
    return (
      <p data-testid="message-media-loading" className="mb-1 text-xs italic opacity-70">
        {t('chatMedia.loading')}
      </p>
    )
  }
  if (mediaType === 'image' || mediaType === 'sticker') return <ImagePreview src={src} name={name} />
  if (mediaType === 'video') return <video data-testid="message-video" src={src} controls preload="metadata" className="mb-1 max-h-64 max-w-full rounded" />
  if (mediaType === 'audio') return <AudioPlayer src={src} speedLabel={t('chatMedia.speed')} />
  return (
    <a data-testid="message-document" href={src} download={name} className="mb-1 flex items-center gap-2 rounded bg-black/5 px-2 py-1.5 text-sm underline dark:bg-white/10">
      <MediaIcon name="file" className="size-6 shrink-0" />
      <span className="min-w-0 truncate">{name}</span>
    </a>
  )
}

/** The picture in the bubble; a click shows it at full size over the page. */
function ImagePreview({ src, name }: { src: string; name: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [broken, setBroken] = useState(false)
  // A file the browser cannot draw (gone, damaged, a format it lacks): say so instead of a broken image.
  if (broken) {
    return (
      <p data-testid="message-preview-unavailable" className="mb-1 flex items-center gap-2 rounded bg-black/5 px-2 py-1.5 text-sm dark:bg-white/10">
        <MediaIcon name="file" className="size-5 shrink-0" />
        <span>{t('chatMedia.previewUnavailable')}</span>
        {/* A long file name is cut inside the bubble (it has no spaces to wrap at), whole in its title. */}
        <a href={src} download={name} title={name} className="min-w-0 truncate underline">
          {name}
        </a>
      </p>
    )
  }
  return (
    <>
      <button type="button" className="mb-1 block" aria-label={t('chatMedia.openImage')} title={t('chatMedia.openImage')} onClick={() => setOpen(true)}>
        <img data-testid="message-image" src={src} alt={name} className="max-h-64 rounded" loading="lazy" onError={() => setBroken(true)} />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-black/80" />
        <div className="fixed inset-0 flex items-center justify-center p-4" onClick={() => setOpen(false)}>
          <DialogPanel data-testid="image-full">
            <img src={src} alt={name} className="max-h-[90vh] max-w-[90vw] object-contain" />
          </DialogPanel>
        </div>
      </Dialog>
    </>
  )
}

function LocationLink({ body }: { body: string }) {
  const { t } = useTranslation()
  const point = parseLocation(body)
  const label = locationLabel(body) || t('chatMedia.location')
  if (!point) return null
  return (
    <a data-testid="message-location" href={mapUrl(point)} target="_blank" rel="noreferrer" className="mb-1 flex items-center gap-2 text-sm underline">
      <MediaIcon name="place" className="size-6 shrink-0 text-red-600" />
      <span className="whitespace-pre-wrap">{label}</span>
    </a>
  )
}

function ContactCard({ card, fallbackName }: { card: string; fallbackName: string }) {
  const { t } = useTranslation()
  const contact = parseVCard(card)
  const name = contact?.name || fallbackName || t('chatMedia.contact')
  return (
    <div data-testid="message-contact" className="mb-1 flex items-center gap-2 rounded bg-black/5 px-2 py-1.5 text-sm dark:bg-white/10">
      <MediaIcon name="contact" className="size-8 shrink-0 rounded-full bg-slate-300 p-1 text-white dark:bg-slate-600" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{name}</span>
        {contact?.number && <span className="block truncate text-xs opacity-80">{contact.number}</span>}
      </span>
    </div>
  )
}
