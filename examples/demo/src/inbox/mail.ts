/** One mail the devnet's SMTP catcher holds, as the inbox panel shows it. */
export interface InboxMail {
  to: string
  subject: string
  receivedAt: number
  text: string
  /** The 6-digit login code in the mail, when there is one. */
  code?: string
  /** http(s) links in the mail (a device approval), shown as text. */
  links: string[]
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * The catcher's `GET /mail` answer, checked field by field (it is another
 * process's JSON): newest first, at most `limit`. Throws on a shape that is
 * not the catcher's, so the panel says so instead of showing an empty inbox.
 */
export function parseInbox(body: unknown, limit = 20): InboxMail[] {
  if (!isObj(body) || !Array.isArray(body.mails)) throw new Error('The SMTP catcher answered something else')
  const mails: InboxMail[] = []
  for (const m of body.mails) {
    if (!isObj(m) || typeof m.text !== 'string' || typeof m.receivedAt !== 'number') continue
    const text = m.text.slice(0, 4000)
    const code = /\b([0-9]{6})\b/.exec(text)?.[1]
    mails.push({
      to: Array.isArray(m.to) ? m.to.filter((t) => typeof t === 'string').join(', ') : '',
      subject: typeof m.subject === 'string' ? m.subject.slice(0, 200) : '',
      receivedAt: m.receivedAt,
      text,
      ...(code ? { code } : {}),
      links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((l) => l[0]).slice(0, 5),
    })
  }
  return mails.sort((a, b) => b.receivedAt - a.receivedAt).slice(0, limit)
}
