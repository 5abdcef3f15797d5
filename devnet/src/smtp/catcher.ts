import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One mail the catcher received, parsed. */
export interface CaughtMail {
  from: string
  to: string[]
  subject: string
  text: string
  receivedAt: number
}

/** A loopback SMTP server that keeps every mail, with a small HTTP API to read them. */
export interface SmtpCatcher {
  host: '127.0.0.1'
  /** SMTP port (plain, no auth): give it to the gateway's `embeddedWallet.smtp`. */
  smtpPort: number
  /** `GET {httpUrl}/mail?to=<address>` → the last mail to that address (404 when none); `GET {httpUrl}/mail` → all. */
  httpUrl: string
  /** Every mail so far, oldest first. */
  mails(): readonly CaughtMail[]
  /** The last mail to `address`, or undefined. */
  lastMailTo(address: string): CaughtMail | undefined
  /**
   * Resolves with the newest mail to `address` received after `since` (epoch
   * ms) that `match` accepts (by content: a mail of another purpose to the
   * same address is never taken for it); rejects after `timeoutMs`.
   */
  waitForMail(
    address: string,
    opts?: { since?: number; timeoutMs?: number; match?: (mail: CaughtMail) => boolean },
  ): Promise<CaughtMail>
  close(): Promise<void>
}

/**
 * Starts the catcher on 127.0.0.1 (free ports): `smtp-server` receives,
 * `mailparser` parses. The demo's inbox panel and the e2e read the login code
 * through the HTTP API (CORS open: it is loopback-only test data).
 *
 * @example
 * const smtp = await startSmtpCatcher()
 * const mail = await smtp.waitForMail('ada@example.com')
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')])
  const mails: CaughtMail[] = []
  const waiters = new Set<() => void>()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: Date.now(),
          })
          for (const w of [...waiters]) w()
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(0, '127.0.0.1', () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const lastMailTo = (address: string) => {
    const a = address.toLowerCase()
    return mails.findLast((m) => m.to.includes(a))
  }
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('content-type', 'application/json')
    if (req.method !== 'GET' || url.pathname !== '/mail') {
      res.statusCode = 404
      res.end(JSON.stringify({ code: 'not_found', message: 'GET /mail?to=<address>' }))
      return
    }
    const to = url.searchParams.get('to')
    if (!to) {
      res.end(JSON.stringify({ mails }))
      return
    }
    const mail = lastMailTo(to)
    res.statusCode = mail ? 200 : 404
    res.end(JSON.stringify(mail ?? { code: 'no_mail', message: `no mail to ${to}` }))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`

  return {
    host: '127.0.0.1',
    smtpPort,
    httpUrl,
    mails: () => mails,
    lastMailTo,
    waitForMail(address, opts = {}) {
      const since = opts.since ?? 0
      const a = address.toLowerCase()
      const find = () =>
        mails.findLast((m) => m.to.includes(a) && m.receivedAt >= since && (opts.match?.(m) ?? true))
      return new Promise((resolve, reject) => {
        const found = find()
        if (found) return resolve(found)
        const check = () => {
          const m = find()
          if (!m) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(m)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `no ${opts.match ? 'matching ' : ''}mail to ${address} within ${opts.timeoutMs ?? 10_000} ms`,
            ),
          )
        }, opts.timeoutMs ?? 10_000)
        waiters.add(check)
      })
    },
    async close() {
      http.closeAllConnections()
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ])
    },
  }
}

/** The 6-digit login code in a mail's text, or undefined. */
export function loginCodeOf(mail: Pick<CaughtMail, 'text'>): string | undefined {
  return /\b([0-9]{6})\b/.exec(mail.text)?.[1]
}
