import { Modal } from '../../ui/modal.tsx'

interface VideoDialogProps {
  video: { title: string; embedUrl: string } | null
  closeLabel: string
  onClose: () => void
}

/** A help video in a modal; Escape or the close button closes it. */
export function VideoDialog({ video, closeLabel, onClose }: VideoDialogProps) {
  return (
    <Modal open={video !== null} onClose={onClose} title={video?.title ?? ''} closeLabel={closeLabel} size="xl">
      {video && (
        <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
          <iframe
            src={video.embedUrl}
            title={video.title}
            className="size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </div>
      )}
    </Modal>
  )
}
