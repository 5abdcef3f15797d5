import type { CaughtMail, SmtpCatcher } from '@portico/devnet'

/**
 * Reads mails from the SMTP catcher by recipient and content, each once —
 * never by clock (issue 29: a wait by time read a login mail for an export
 * mail when both landed in one millisecond on a loaded machine).
 */
export function mailReader(smtp: SmtpCatcher) {
  const read = new WeakSet<CaughtMail>()
  /** The oldest unread mail to `to` whose subject (or text) contains `content`. */
  return async function nextMail(to: string, content: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const m = smtp
        .mails()
        .find(
          (x) =>
            !read.has(x) &&
            x.to.some((a) => a.toLowerCase() === to.toLowerCase()) &&
            (x.subject.includes(content) || x.text.includes(content)),
        )
      if (m) {
        read.add(m)
        return m
      }
      if (Date.now() > until) throw new Error(`no unread mail to ${to} with "${content}"`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}
