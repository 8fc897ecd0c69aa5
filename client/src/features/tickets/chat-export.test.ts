import { expect, test } from 'bun:test'
import { meetingLink, transcriptLines, transcriptPdf } from './chat-export.ts'
import type { ChatMessage } from './ticket-messages.ts'

const msg = (over: Partial<ChatMessage>): ChatMessage => ({
  key: '1', id: 1, ticketId: 1, body: '', fromMe: false, ack: 3, mediaType: 'chat', mediaUrl: null, mediaName: null, isPrivate: false,
  isDeleted: false, isEdited: false, isSystem: false, sendError: null, vCard: null, createdAt: '2026-11-24T10:00:00Z', userId: null,
  local: false, clientId: null, error: null, quoted: null, pendingChange: null, reactions: [], ...over,
})
const labels = { me: 'Atendente', contact: 'Carla', deleted: 'apagada', private: 'privada', media: (k: string, n: string | null) => `[${k}: ${n ?? ''}]` }

test('the transcript names each side, media and deleted messages, and leaves out what was not sent yet', () => {
  const lines = transcriptLines(
    [
      msg({ body: 'Oi' }),
      msg({ fromMe: true, body: 'Olá!' }),
      msg({ fromMe: true, body: 'nota', isPrivate: true }),
      msg({ body: '', mediaType: 'image', mediaUrl: 'media/1/a.jpg', mediaName: 'a.jpg' }),
      msg({ fromMe: true, body: 'x', isDeleted: true }),
      msg({ fromMe: true, body: 'ainda offline', local: true }),
    ],
    labels,
    (iso) => iso.slice(11, 16),
  )
  expect(lines).toEqual([
    { when: '10:00', who: 'Carla', text: 'Oi' },
    { when: '10:00', who: 'Atendente', text: 'Olá!' },
    { when: '10:00', who: 'Atendente (privada)', text: 'nota' },
    { when: '10:00', who: 'Carla', text: '[image: a.jpg]' },
    { when: '10:00', who: 'Atendente', text: 'apagada' },
  ])
})

test('the PDF is an A4 portrait document that breaks onto more pages for a long chat', async () => {
  const lines = Array.from({ length: 120 }, (_, i) => ({ when: '10:00', who: 'Carla', text: `mensagem ${i} `.repeat(8) }))
  const blob = await transcriptPdf('Carla · #7', 'exportado', lines)
  const text = new TextDecoder('latin1').decode(new Uint8Array(await blob.arrayBuffer()))
  expect(text.startsWith('%PDF-')).toBe(true)
  // A4 portrait in points: 595.28 wide, 841.89 high.
  expect(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/.test(text)).toBe(true)
  expect(Number(/\/Count (\d+)/.exec(text)?.[1])).toBeGreaterThan(3)
})

test('the meeting link comes from the ticket id, with part of the uuid so it cannot be guessed', () => {
  expect(meetingLink({ id: 42, uuid: '0f8e7d6c-5b4a-4321-8765-aabbccddeeff' })).toBe('https://meet.jit.si/balcao-42-0f8e7d6c5b')
})
