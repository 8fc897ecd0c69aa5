import { Fragment, type ReactNode } from 'react'
import { parseWhatsappText, type RichNode } from './whatsapp-format.ts'

const render = (nodes: RichNode[]): ReactNode[] =>
  nodes.map((n, i) => {
    if (typeof n === 'string') return <Fragment key={i}>{n}</Fragment>
    const children = render(n.children)
    switch (n.tag) {
      case 'bold':
        return <strong key={i}>{children}</strong>
      case 'italic':
        return <em key={i}>{children}</em>
      case 'strike':
        return <s key={i}>{children}</s>
      case 'code':
        return <code key={i} className="rounded bg-black/10 px-1 font-mono text-[0.9em] dark:bg-white/10">{children}</code>
      case 'mono':
        return <span key={i} className="font-mono">{children}</span>
    }
  })

/** A message's text with WhatsApp's formatting shown as WhatsApp shows it; the caller keeps line breaks (pre-wrap). */
export function RichText({ text }: { text: string }) {
  return <>{render(parseWhatsappText(text))}</>
}
