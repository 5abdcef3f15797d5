import type { SessionResponse } from '@portico/core'
import { useState } from 'react'
import { errorText, shortenAddress, useFormat } from '../../format/index.js'
import { useStrings } from '../../i18n/index.js'
import { useCopy } from '../copy.js'
import { summarizePermissions } from './summary.js'

type Revoke = { state: 'idle' } | { state: 'signing' } | { state: 'failed'; reason: string }

/**
 * One active session: its pci (shortened, with a copy button that says
 * "Copied" only once the clipboard took it), the permissions as text, the
 * expiry, and Revoke (the wallet signs; a refusal is shown on the row).
 */
export function SessionRow({
  session,
  revoke,
}: {
  session: SessionResponse
  revoke: (session: SessionResponse) => Promise<void>
}) {
  const t = useStrings()
  const format = useFormat()
  const { state: copied, copy } = useCopy()
  const [state, setState] = useState<Revoke>({ state: 'idle' })
  const onRevoke = async () => {
    setState({ state: 'signing' })
    try {
      await revoke(session)
      // The list drops the row once the gateway confirmed it.
    } catch (error) {
      setState({ state: 'failed', reason: errorText(error) ?? t('somethingWentWrong') })
    }
  }
  const summary = summarizePermissions(session.permissions)
  return (
    <li className="session-row" data-testid="session-row" data-session-id={session.id}>
      <div className="session-head">
        <code className="session-pci" title={session.pci}>
          {shortenAddress(session.pci)}
        </code>
        <button
          type="button"
          className="button session-copy"
          data-variant="secondary"
          data-testid="session-copy"
          onClick={() => void copy(session.pci)}
        >
          {copied === 'copied' ? t('copied') : copied === 'failed' ? t('copyFailed') : t('sessionsCopyId')}
        </button>
      </div>
      <p className="session-text">
        {summary ? t('sessionsPermissions', { summary }) : t('sessionsNoPermissions')}
      </p>
      <p className="session-text">
        {t('sessionsExpires', { date: format.dateTime(new Date(session.expiry)) })}
      </p>
      <button
        type="button"
        className="button"
        data-variant="danger"
        data-testid="session-revoke"
        disabled={state.state === 'signing'}
        aria-busy={state.state === 'signing'}
        onClick={() => void onRevoke()}
      >
        {state.state === 'signing' ? t('sessionsRevoking') : t('sessionsRevoke')}
      </button>
      {state.state === 'failed' ? (
        <p className="error-text" role="alert" data-testid="session-revoke-error">
          {t('sessionsRevokeFailed', { reason: state.reason })}
        </p>
      ) : null}
    </li>
  )
}
