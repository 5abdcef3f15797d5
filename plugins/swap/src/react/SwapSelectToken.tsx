import type { Views } from '@portico/core'
import { useCatalogue, usePorticoState, useViewTitle } from '@portico/react'
import { useEffect, useId, useState } from 'react'
import type { SwapTokenInfo } from '../controller/index.js'
import { TokenIcon, useAmounts, useSwap } from './shared.js'
import { swapStrings } from './strings.js'

/** SwapSelectToken: search the swappable tokens, the ones the account holds first. */
export default function SwapSelectTokenView() {
  const { portico, controller, state } = useSwap()
  const amounts = useAmounts()
  const data = usePorticoState((s) => s.router.data) as Views['SwapSelectToken'] | undefined
  const side = data?.side ?? 'from'
  const [query, setQuery] = useState('')
  const ids = useId()
  const tr = useCatalogue(swapStrings)
  useViewTitle(side === 'from' ? tr('payWith') : tr('receive'))

  const q = query.trim().toLowerCase()
  // Something address-shaped that is not in the list is looked up on the chain (and marked imported).
  const addressLike = /^0x/i.test(query.trim()) && !/\s/.test(query.trim())
  const inList = state.tokens.some((t) => t.address.split(':')[2] === q)
  useEffect(() => {
    if (!addressLike || inList) {
      controller.clearLookup()
      return
    }
    // A partial paste is not an error yet: wait until it could be an address (or is clearly too long).
    if (query.trim().length < 42) {
      controller.clearLookup()
      return
    }
    void controller.lookupToken(query)
  }, [controller, query, addressLike, inList])
  const custom = state.custom?.query === query.trim() ? state.custom : undefined
  const matches = state.tokens.filter(
    (t) =>
      q === '' ||
      t.symbol.toLowerCase().includes(q) ||
      t.name.toLowerCase().includes(q) ||
      t.address.split(':')[2] === q,
  )
  const value = (t: SwapTokenInfo) =>
    t.balance !== undefined && t.price !== undefined ? (Number(t.balance) / 10 ** t.decimals) * t.price : 0
  const held = matches.filter((t) => (t.balance ?? 0n) > 0n).sort((a, b) => value(b) - value(a))
  const others = matches.filter((t) => !((t.balance ?? 0n) > 0n))
  const current = side === 'from' ? state.from?.address : state.to?.address
  const pick = (t: SwapTokenInfo) => {
    if (side === 'from') controller.setFrom(t.address)
    else controller.setTo(t.address)
    portico.router.goBack()
  }
  const row = (t: SwapTokenInfo) => (
    <button
      key={t.address}
      type="button"
      className="row"
      aria-current={t.address === current}
      data-token={t.symbol}
      onClick={() => pick(t)}
    >
      <TokenIcon token={t} />
      <span className="row-label">
        {t.symbol}
        <span className="row-sub">{t.name}</span>
      </span>
      {t.balance !== undefined ? <span className="row-sub">{amounts.token(t.balance, t)}</span> : null}
    </button>
  )
  const importRow = (t: SwapTokenInfo) => (
    <div className="group" data-testid="swap-custom-token">
      <p className="group-label">{tr('unlisted')}</p>
      <button
        type="button"
        className="row"
        data-token={t.symbol}
        data-imported="true"
        onClick={() => {
          if (controller.importToken(side)) portico.router.goBack()
        }}
      >
        <TokenIcon token={t} />
        <span className="row-label">
          {t.symbol}
          <span className="row-sub">{tr('imported', { name: t.name })}</span>
        </span>
        {t.balance !== undefined ? <span className="row-sub">{amounts.token(t.balance, t)}</span> : null}
      </button>
      <p className="row-sub" role="note">
        {tr('importWarning')}
      </p>
    </div>
  )

  return (
    <div>
      <label className="visually-hidden" htmlFor={`${ids}-search`}>
        {tr('searchLabel')}
      </label>
      <input
        id={`${ids}-search`}
        className="search"
        type="search"
        placeholder={tr('searchPlaceholder')}
        // biome-ignore lint/a11y/noAutofocus: the picker exists to type into its search
        autoFocus
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {held.length > 0 ? (
        <div className="group">
          <p className="group-label">{tr('yourTokens')}</p>
          {held.map(row)}
        </div>
      ) : null}
      {others.length > 0 ? (
        <div className="group">
          <p className="group-label">{held.length > 0 ? tr('otherTokens') : tr('tokens')}</p>
          {others.map(row)}
        </div>
      ) : null}
      {custom?.status === 'ready' && custom.token && matches.length === 0 ? importRow(custom.token) : null}
      {custom?.status === 'loading' ? (
        <p className="empty" role="status" aria-busy="true">
          {tr('readingToken')}
        </p>
      ) : null}
      {custom?.status === 'invalid' || custom?.status === 'error' ? (
        <p className="empty error-text" role="alert">
          {custom.message}
        </p>
      ) : null}
      {addressLike && !custom && matches.length === 0 ? (
        <p className="empty" role="status">
          {tr('pasteWhole')}
        </p>
      ) : null}
      {matches.length === 0 && !addressLike ? (
        <p className="empty" role="status">
          {state.tokens.length === 0 ? tr('noTokens') : tr('noMatch', { query: query.trim() })}
        </p>
      ) : null}
    </div>
  )
}
