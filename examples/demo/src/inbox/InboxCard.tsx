import { useEffect, useState } from 'react'
import { type InboxMail, parseInbox } from './mail.js'

const POLL_MS = 2000

/**
 * Dev only: the mails the devnet's SMTP catcher received (login codes,
 * device-approval links), so a person trying the demo logs in by email
 * without a real mailbox. Reads the catcher's loopback HTTP API; nothing
 * here exists in a real deployment.
 */
export function InboxCard({ url }: { url: string }) {
  const [mails, setMails] = useState<InboxMail[] | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const res = await fetch(`${url}/mail`, { cache: 'no-store' })
        if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
        const next = parseInbox(await res.json())
        if (live) {
          setMails(next)
          setError(undefined)
        }
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e))
      }
      if (live) timer = setTimeout(poll, POLL_MS)
    }
    void poll()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [url])

  return (
    <section className="card inbox-card" aria-labelledby="inbox-card" data-testid="inbox">
      <h2 id="inbox-card">
        Inbox <span className="badge">dev only</span>
      </h2>
      <p className="hint">
        Mail the gateway sent to any address, caught on 127.0.0.1: log in with any email, the code shows here.
      </p>
      {error ? (
        <p className="warning" role="status">
          The SMTP catcher cannot be read ({error}). Retrying…
        </p>
      ) : null}
      {mails === undefined && !error ? <p className="muted">Loading…</p> : null}
      {mails?.length === 0 ? <p className="muted">No mail yet — enter an email in the modal.</p> : null}
      {mails?.length ? (
        <ul className="inbox" aria-live="polite">
          {mails.map((m) => (
            <InboxItem key={`${m.receivedAt}-${m.to}-${m.code ?? ''}`} mail={m} />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function InboxItem({ mail }: { mail: InboxMail }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>()
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <li className="inbox-mail" data-testid="inbox-mail" data-to={mail.to}>
      <div className="inbox-head">
        <span className="mono">{mail.to}</span>
        <time dateTime={new Date(mail.receivedAt).toISOString()}>
          {new Date(mail.receivedAt).toLocaleTimeString()}
        </time>
      </div>
      <div className="inbox-subject">{mail.subject}</div>
      {mail.code ? (
        <div className="inbox-code">
          <span>Code</span>{' '}
          <strong className="mono" data-testid="inbox-code">
            {mail.code}
          </strong>{' '}
          <button type="button" className="btn ghost" onClick={() => void copy(mail.code as string)}>
            {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
          </button>
        </div>
      ) : null}
      {mail.links.map((link) => (
        <div key={link} className="inbox-link mono">
          {link}
        </div>
      ))}
    </li>
  )
}
