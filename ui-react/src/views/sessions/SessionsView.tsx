import type { SessionResponse } from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { errorText, useFormat } from '../../format/index.js'
import { useStrings } from '../../i18n/index.js'
import { useViewTitle } from '../../modal/title.js'
import { SessionRow } from './SessionRow.js'

type Load =
  | { status: 'loading' }
  | { status: 'ready'; sessions: SessionResponse[]; truncated: boolean }
  | { status: 'error'; error: unknown }

/**
 * Active sessions: the connected account's smart sessions on the gateway
 * (not revoked, not expired). Loading, empty and error (with Try again)
 * are distinct states — an error is never shown as an empty list. Revoke
 * has the wallet sign; the row leaves once the gateway accepted it.
 */
export default function SessionsView() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  useViewTitle(t('sessionsTitle'))
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    [],
  )

  const fetchList = useCallback(async () => {
    setLoad({ status: 'loading' })
    try {
      const answer = await portico.listSessions()
      if (alive.current) setLoad({ status: 'ready', ...answer })
    } catch (error) {
      if (alive.current) setLoad({ status: 'error', error })
    }
  }, [portico])
  useEffect(() => {
    void fetchList()
  }, [fetchList])

  const revoke = async (session: SessionResponse) => {
    await portico.revokeSession({ session })
    if (!alive.current) return
    setLoad((l) =>
      l.status === 'ready' ? { ...l, sessions: l.sessions.filter((s) => s.id !== session.id) } : l,
    )
  }

  if (load.status === 'loading')
    return (
      <div className="activity-state" aria-busy="true" data-testid="sessions-loading">
        <span role="status">{t('sessionsLoading')}</span>
      </div>
    )
  if (load.status === 'error')
    return (
      <div className="activity-state" role="alert" data-testid="sessions-error">
        <strong>{t('sessionsError')}</strong>
        <span className="error-text">{errorText(load.error) ?? t('somethingWentWrong')}</span>
        <button type="button" className="button" data-variant="secondary" onClick={() => void fetchList()}>
          {t('tryAgain')}
        </button>
      </div>
    )
  if (load.sessions.length === 0)
    return (
      <p className="empty" data-testid="sessions-empty">
        {t('sessionsEmpty')}
      </p>
    )
  return (
    <div className="section" data-testid="sessions">
      <ul className="session-list">
        {load.sessions.map((s) => (
          <SessionRow key={s.id} session={s} revoke={revoke} />
        ))}
      </ul>
      {load.truncated ? (
        <p className="empty">{t('sessionsTruncated', { n: format.integer(load.sessions.length) })}</p>
      ) : null}
    </div>
  )
}
