import { describe, expect, test } from 'bun:test'
import { mediaForm } from './media-send.ts'

describe('mediaForm', () => {
  test('carries the caption, the flags, the client id and each file under medias', () => {
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.pdf', { type: 'application/pdf' })]
    const form = mediaForm({ files, body: 'legenda', isPrivate: false, quotedMsgId: 7 }, 'c1')
    expect(form.get('body')).toBe('legenda')
    expect(form.get('isPrivate')).toBe('false')
    expect(form.get('quotedMsgId')).toBe('7')
    expect(form.get('clientId')).toBe('c1')
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.pdf'])
  })

  test('leaves quotedMsgId out when the message answers nothing', () => {
    expect(mediaForm({ files: [], body: '', isPrivate: true, quotedMsgId: null }, 'c2').has('quotedMsgId')).toBe(false)
  })
})
