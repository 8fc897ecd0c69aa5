import { describe, expect, test } from 'bun:test'
import { ApiError } from '../../lib/api.ts'
import type { Announcement } from '../../lib/types.ts'
import {
  announcementFormProblems, announcementRequestBody, announcementValuesOf, attachmentProblem, attachmentRefusal, isAcceptedAttachment,
  newAnnouncementValues, saveAnnouncement, type AnnouncementCalls,
} from './announcements-admin.ts'

const record = (over: Partial<Announcement> = {}): Announcement => ({
  id: 7, companyId: 1, title: 'Manutenção', text: 'Sábado às 22h.', priority: 3, status: true, mediaPath: null, mediaName: null,
  createdAt: '2026-11-20T12:00:00.000Z', ...over,
})
const png = (name = 'aviso.png', type = 'image/png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type })

/** Calls that record what was asked of the server, in order. */
function fakeCalls(fail: Partial<Record<keyof AnnouncementCalls, unknown>> = {}) {
  const log: string[] = []
  const run = async (name: keyof AnnouncementCalls, result: Announcement) => {
    log.push(name)
    if (fail[name]) throw fail[name]
    return result
  }
  const calls: AnnouncementCalls = {
    create: (body) => run('create', record({ id: 9, ...body })),
    update: (id, body) => run('update', record({ id, mediaName: 'velho.png', mediaPath: 'x.png', ...body })),
    upload: (id, file) => run('upload', record({ id, mediaName: file.name, mediaPath: 'y.png' })),
    removeMedia: (id) => run('removeMedia', record({ id })),
  }
  return { log, calls }
}

describe('announcement form', () => {
  test('a new one is low priority and active, with nothing attached (spec part 2 §3, §9)', () => {
    expect(newAnnouncementValues()).toEqual({ title: '', text: '', priority: 3, status: true, file: null, mediaName: null, removeMedia: false })
  })

  test('title and text are required, blanks count as empty', () => {
    expect(announcementFormProblems(newAnnouncementValues())).toEqual({
      title: 'announcementsPage.validation.required', text: 'announcementsPage.validation.required',
    })
    expect(announcementFormProblems({ ...newAnnouncementValues(), title: '   ', text: 'Olá' })).toEqual({ title: 'announcementsPage.validation.required' })
    expect(announcementFormProblems({ ...newAnnouncementValues(), title: 'Aviso', text: 'Olá' })).toEqual({})
  })

  test('the server\'s length limits are checked first: title 200, text 5000', () => {
    const ok = { ...newAnnouncementValues(), title: 'a'.repeat(200), text: 'b'.repeat(5000) }
    expect(announcementFormProblems(ok)).toEqual({})
    expect(announcementFormProblems({ ...ok, title: 'a'.repeat(201), text: 'b'.repeat(5001) })).toEqual({ title: 'validation.tooLong', text: 'validation.tooLong' })
  })

  test('the attachment is png, jpg or jpeg only, by name and type', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map((n) => isAcceptedAttachment({ name: n, type: '' }))).toEqual([true, true, true])
    expect(isAcceptedAttachment({ name: 'foto.jpg', type: 'image/jpeg' })).toBe(true)
    expect(isAcceptedAttachment({ name: 'foto.gif', type: 'image/gif' })).toBe(false)
    expect(isAcceptedAttachment({ name: 'contrato.pdf', type: 'application/pdf' })).toBe(false)
    expect(isAcceptedAttachment({ name: 'png', type: 'image/png' })).toBe(false)
    // A renamed file whose type the browser knows is refused too.
    expect(isAcceptedAttachment({ name: 'falso.png', type: 'application/pdf' })).toBe(false)
    expect(attachmentProblem(null)).toBeNull()
    const form = { ...newAnnouncementValues(), title: 'Aviso', text: 'Olá', file: png('planilha.xlsx', 'application/vnd.ms-excel') }
    expect(announcementFormProblems(form)).toEqual({ file: 'announcementsPage.validation.fileType' })
  })

  test('the request body: trimmed texts, priority and status as they are, never the file', () => {
    const v = { ...newAnnouncementValues(), title: ' Aviso ', text: '\nSábado\n', priority: 1 as const, status: false, file: png() }
    expect(announcementRequestBody(v)).toEqual({ title: 'Aviso', text: 'Sábado', priority: 1, status: false })
  })

  test('editing starts from the record, with its attachment and no new file', () => {
    expect(announcementValuesOf(record({ priority: 2, status: false, mediaName: 'a.png' }))).toEqual({
      title: 'Manutenção', text: 'Sábado às 22h.', priority: 2, status: false, file: null, mediaName: 'a.png', removeMedia: false,
    })
  })
})

describe('saving', () => {
  const filled = { ...newAnnouncementValues(), title: 'Aviso', text: 'Olá', priority: 1 as const }

  test('a new one is created, then its attachment uploaded to the new id', async () => {
    const { log, calls } = fakeCalls()
    const res = await saveAnnouncement(calls, null, { ...filled, file: png() })
    expect(log).toEqual(['create', 'upload'])
    expect(res).toMatchObject({ attachmentError: null, record: { id: 9, mediaName: 'aviso.png' } })
  })

  test('without a file only the announcement is written', async () => {
    const { log, calls } = fakeCalls()
    const res = await saveAnnouncement(calls, 4, { ...filled, mediaName: 'velho.png' })
    expect(log).toEqual(['update'])
    expect(res.record).toMatchObject({ id: 4, title: 'Aviso', mediaName: 'velho.png' })
  })

  test('removing the attachment calls the DELETE media route after the update; a new file replaces it instead', async () => {
    const removing = fakeCalls()
    const res = await saveAnnouncement(removing.calls, 4, { ...filled, mediaName: 'velho.png', removeMedia: true })
    expect(removing.log).toEqual(['update', 'removeMedia'])
    expect(res.record.mediaName).toBeNull()
    const replacing = fakeCalls()
    await saveAnnouncement(replacing.calls, 4, { ...filled, mediaName: 'velho.png', removeMedia: true, file: png('novo.png') })
    expect(replacing.log).toEqual(['update', 'upload'])
  })

  test('a refused create rejects and uploads nothing', async () => {
    const refusal = new ApiError(400, 'ERR_VALIDATION', 'title: Required', { fields: [{ field: 'title', message: 'Required' }] })
    const { log, calls } = fakeCalls({ create: refusal })
    await expect(saveAnnouncement(calls, null, { ...filled, file: png() })).rejects.toBe(refusal)
    expect(log).toEqual(['create'])
  })

  test('a refused attachment after a good create answers the saved record, so a retry edits it instead of creating again', async () => {
    const refusal = new ApiError(400, 'ERR_INVALID_FILE_TYPE', 'File content is not png')
    const { log, calls } = fakeCalls({ upload: refusal })
    const res = await saveAnnouncement(calls, null, { ...filled, file: png() })
    expect(log).toEqual(['create', 'upload'])
    expect(res.record.id).toBe(9)
    expect(res.attachmentError).toBe(refusal)
    expect(attachmentRefusal(refusal)).toEqual({ file: 'errors.ERR_INVALID_FILE_TYPE' })
  })

  test('only a refusal becomes a reason under the attachment; a server or network failure does not', () => {
    expect(attachmentRefusal(new ApiError(413, 'ERR_FILE_TOO_LARGE', 'too big'))).toEqual({ file: 'errors.ERR_FILE_TOO_LARGE' })
    expect(attachmentRefusal(new ApiError(500, 'ERR_INTERNAL', 'boom'))).toBeNull()
    expect(attachmentRefusal(new ApiError(0, 'ERR_NETWORK', 'offline'))).toBeNull()
    expect(attachmentRefusal(new Error('x'))).toBeNull()
  })
})
