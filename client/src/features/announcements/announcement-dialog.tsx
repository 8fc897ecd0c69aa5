import { Modal } from '../../ui/modal.tsx'

interface AnnouncementDialogProps {
  announcement: { title: string; text: string; mediaName: string | null } | null
  imageUrl: string | null
  closeLabel: string
  onClose: () => void
}

/** One announcement: title, text and its image. */
export function AnnouncementDialog({ announcement, imageUrl, closeLabel, onClose }: AnnouncementDialogProps) {
  return (
    <Modal open={announcement !== null} onClose={onClose} title={announcement?.title ?? ''} closeLabel={closeLabel} size="lg">
      {imageUrl && <img src={imageUrl} alt={announcement?.mediaName ?? ''} className="mx-auto mb-4 max-h-80 rounded-md object-contain" />}
      <p className="whitespace-pre-wrap text-sm leading-relaxed">{announcement?.text}</p>
    </Modal>
  )
}
