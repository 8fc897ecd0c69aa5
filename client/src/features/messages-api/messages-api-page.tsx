import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../lib/errors.ts'
import { pushToast } from '../../state/toasts.ts'
import { Button } from '../../ui/button.tsx'
import { FileInput } from '../../ui/file-input.tsx'
import { TextArea, TextField } from '../../ui/form-field.tsx'
import { sendTestMessage, testMessageProblems, type TestMessageValues } from './send-test-message.ts'

const EMPTY: TestMessageValues = { token: '', number: '', body: '', file: null }
const card = 'flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'
const code = 'overflow-x-auto rounded-md bg-slate-100 p-3 text-xs leading-relaxed dark:bg-slate-800'

/** One of the two test forms: text (token, number, body) or media (token, number, file). */
function TestForm({ kind }: { kind: 'text' | 'media' }) {
  const { t } = useTranslation()
  const [values, setValues] = useState(EMPTY)
  const [problems, setProblems] = useState<Partial<Record<keyof TestMessageValues, string>>>({})
  const [busy, setBusy] = useState(false)
  const id = (f: string) => `api-${kind}-${f}`
  const err = (p?: string) => (p ? t(p) : undefined)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = testMessageProblems(values, kind)
    setProblems(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await sendTestMessage(values, kind)
      pushToast('success', t('messagesApi.sent'))
      // The token stays for the next test; the message goes.
      setValues((v) => ({ ...v, body: '', file: null }))
    } catch (err) {
      pushToast('error', errorMessage({ error: (err as { code?: string }).code, message: (err as Error).message }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className={card} noValidate onSubmit={(e) => void submit(e)} data-testid={`api-${kind}-form`}>
      <h2 className="text-lg font-semibold">{kind === 'text' ? t('messagesApi.textTitle') : t('messagesApi.mediaTitle')}</h2>
      <TextField id={id('token')} label={t('messagesApi.token')} value={values.token} onChange={(token) => setValues((v) => ({ ...v, token }))} error={err(problems.token)} autoComplete="off" />
      <TextField
        id={id('number')}
        label={t('messagesApi.number')}
        value={values.number}
        onChange={(number) => setValues((v) => ({ ...v, number }))}
        error={err(problems.number)}
        hint={t('messagesApi.numberHint')}
        autoComplete="off"
      />
      {kind === 'text' ? (
        <TextArea id={id('body')} label={t('messagesApi.body')} value={values.body} onChange={(body) => setValues((v) => ({ ...v, body }))} error={err(problems.body)} />
      ) : (
        <FileInput id={id('file')} label={t('messagesApi.file')} file={values.file} onChange={(file) => setValues((v) => ({ ...v, file }))} error={err(problems.file)} />
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {t('messagesApi.send')}
        </Button>
      </div>
    </form>
  )
}

/**
 * /messages-api (spec part 2 §2, admins, plan useExternalApi): how integrators call POST
 * /api/messages/send with a connection's token, and two forms that try it for real.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation()
  const origin = typeof location === 'undefined' ? '' : location.origin
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('messagesApi.title')}</h1>
      <div className={card}>
        <p className="text-sm">{t('messagesApi.intro')}</p>
        <h2 className="font-semibold">{t('messagesApi.textTitle')}</h2>
        <pre className={code}>{`POST ${origin}/api/messages/send
Authorization: Bearer <token>
Content-Type: application/json

{ "number": "5511999999999", "body": "Olá!" }`}</pre>
        <h2 className="font-semibold">{t('messagesApi.mediaTitle')}</h2>
        <pre className={code}>{`POST ${origin}/api/messages/send
Authorization: Bearer <token>
Content-Type: multipart/form-data

number=5511999999999
medias=@arquivo.pdf`}</pre>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('messagesApi.fields')}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TestForm kind="text" />
        <TestForm kind="media" />
      </div>
    </section>
  )
}
