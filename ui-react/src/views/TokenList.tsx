import { BALANCE_RETRY_BLOCK_MS, type TokenBalance } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../context/index.js'
import { useFormat } from '../format/index.js'
import { useAccount } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'

/**
 * The Tokens tab: the token list, a loading state while the first read runs,
 * "Token Balance Unavailable" (SPEC §8) with a retry when the read failed —
 * never "No tokens yet" for a read that did not answer. The retry waits out
 * the 30 s block after a failure (BALANCE_RETRY_BLOCK_MS) instead of being a
 * button that does nothing.
 */
export function TokenList() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  const account = useAccount()
  const tokens: readonly TokenBalance[] = account.tokenBalance ?? []
  const retryAt = account.lastRetry !== undefined ? account.lastRetry + BALANCE_RETRY_BLOCK_MS : undefined
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (retryAt === undefined || retryAt <= Date.now()) return
    const timer = setTimeout(() => setNow(Date.now()), retryAt - Date.now() + 50)
    return () => clearTimeout(timer)
  }, [retryAt])
  const rows: { key: string; name: string; symbol: string; amount: string; fiat?: string }[] = tokens.map(
    (tok) => ({
      key: `${tok.chainId}:${tok.address ?? tok.symbol}`,
      name: tok.name,
      symbol: tok.symbol,
      amount: format.tokenAmount(tok.quantity.numeric),
      fiat: tok.price > 0 ? format.usd(tok.value ?? tok.price * Number(tok.quantity.numeric)) : undefined,
    }),
  )
  if (account.tokenBalanceError) {
    const waiting = retryAt !== undefined && retryAt > Math.max(now, Date.now())
    return (
      <div className="activity-state" role="alert" data-testid="token-error">
        <strong>{account.tokenBalanceError}</strong>
        <button
          type="button"
          className="button"
          data-variant="secondary"
          disabled={waiting || account.balanceLoading}
          onClick={() => void portico.refreshBalance(account.namespace)}
        >
          {waiting
            ? t('retryIn', { n: format.integer(Math.ceil((retryAt - Date.now()) / 1000)) })
            : t('tryAgain')}
        </button>
      </div>
    )
  }
  if (rows.length === 0 && account.balance !== undefined) {
    const symbol = account.balanceSymbol ?? ''
    rows.push({ key: 'native', name: symbol, symbol, amount: format.tokenAmount(account.balance) })
  }
  if (rows.length === 0 && account.balanceLoading) {
    return (
      <p className="empty" role="status" aria-busy="true" data-testid="tokens-loading">
        {t('tokensLoading')}
      </p>
    )
  }
  if (rows.length === 0) return <p className="empty">{t('noTokens')}</p>
  return (
    <ul className="list" data-testid="token-list">
      {rows.map((r) => (
        <li key={r.key} className="token">
          <span className="token-icon" aria-hidden="true">
            {r.symbol.slice(0, 4)}
          </span>
          <span className="token-name">
            {r.name}
            <span className="row-sub">{r.symbol}</span>
          </span>
          <span className="token-amount">
            {r.amount} {r.symbol}
            {r.fiat ? <span className="row-sub">{r.fiat}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  )
}
