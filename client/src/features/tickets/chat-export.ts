import type { ChatMessage } from './ticket-messages.ts'

/** One line of the transcript: when, who, what (media and deleted messages named, not embedded). */
export interface TranscriptLine {
  when: string
  who: string
  text: string
}

export interface TranscriptLabels {
  me: string
  contact: string
  deleted: string
  media: (kind: string, name: string | null) => string
  private: string
}

/** The chat as text lines, oldest first (the PDF export's content; pure so it is tested without a browser). */
export function transcriptLines(messages: readonly ChatMessage[], labels: TranscriptLabels, format: (iso: string) => string): TranscriptLine[] {
  return messages
    .filter((m) => !m.local)
    .map((m) => {
      const media = m.mediaType !== 'chat' && m.mediaType !== 'extendedTextMessage' && m.mediaUrl ? labels.media(m.mediaType, m.mediaName) : ''
      const body = m.isDeleted ? labels.deleted : [media, m.body].filter(Boolean).join(' ')
      const who = m.isSystem ? '' : m.fromMe ? labels.me : labels.contact
      return { when: format(m.createdAt), who: m.isPrivate ? `${who} (${labels.private})` : who, text: body }
    })
}

/**
 * Writes the transcript as an A4 portrait PDF (spec part 1 §2 "PDF export (A4 portrait)") and returns it
 * as a Blob. jsPDF is loaded on demand: it is only needed when someone exports.
 */
export async function transcriptPdf(title: string, subtitle: string, lines: readonly TranscriptLine[]): Promise<Blob> {
  const { jsPDF } = await import('jspdf')
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' })
  const margin = 15
  const width = doc.internal.pageSize.getWidth() - margin * 2
  const bottom = doc.internal.pageSize.getHeight() - margin
  let y = margin
  doc.setFontSize(14)
  doc.text(title, margin, y)
  y += 6
  doc.setFontSize(9)
  doc.setTextColor(100)
  doc.text(subtitle, margin, y)
  y += 8
  doc.setTextColor(0)
  doc.setFontSize(10)
  for (const line of lines) {
    const head = [line.when, line.who].filter(Boolean).join(' · ')
    const wrapped = doc.splitTextToSize(line.text || ' ', width) as string[]
    const needed = 5 + wrapped.length * 4.5 + 2
    if (y + needed > bottom) {
      doc.addPage()
      y = margin
    }
    doc.setFont('helvetica', 'bold')
    doc.text(head, margin, y)
    y += 5
    doc.setFont('helvetica', 'normal')
    doc.text(wrapped, margin, y)
    y += wrapped.length * 4.5 + 2
  }
  return doc.output('blob')
}

/** The meeting link of a ticket (spec part 1 §2 "a meeting link generated from the ticket id"). */
export function meetingLink(ticket: { id: number; uuid: string }): string {
  // The id names the room, the start of the uuid keeps it from being guessed by counting ids.
  return `https://meet.jit.si/balcao-${ticket.id}-${ticket.uuid.replace(/-/g, '').slice(0, 10)}`
}
