import type { ConnectionId, Connector, WalletConnection } from '@portico/core'
import { useId, useState } from 'react'
import { usePortico } from '../../context/index.js'
import { errorText, shortenAddress, useFormat } from '../../format/index.js'
import { useConnections, usePorticoState } from '../../hooks/index.js'
import { useStrings } from '../../i18n/index.js'
import { ChevronIcon, PowerIcon } from '../../modal/icons.js'
import { namespaceLabel, WalletIcon } from '../parts.js'

/** The wallet's name and icon: what it told on connect, else its connector's, else the connector id. */
function walletOf(
  c: WalletConnection,
  connectors: readonly Connector[],
): { name: string; imageUrl?: string } {
  const connector = connectors.find((k) => k.id === c.connectorId && k.chain === c.namespace)
  const name = c.wallet?.name || connector?.name || c.connectorId
  const imageUrl = c.wallet?.icon ?? connector?.imageUrl
  return imageUrl ? { name, imageUrl } : { name }
}

/** What the e2e and hosts' tests find a row by: the namespace on its current connection only. */
const rowProps = (c: WalletConnection) => ({
  'data-namespace': c.current ? c.namespace : undefined,
  'data-active': c.active ? '' : undefined,
})

type RowState = { busy?: 'use' | 'disconnect'; error?: string }

/**
 * Several wallets at once (issue 34): below Account's actions, one compact row
 * per connection — the wallet, its short address, the namespace — the active
 * one marked (`aria-current`, "Active"), the others with "Use" (made active
 * without asking the wallet again), each with its own Disconnect; then one
 * "Connect another wallet" entry (a namespace not connected yet, or a second
 * wallet of a connected one). A failure stays on its row, in words.
 */
export function ConnectedWallets() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  const { connections, switchConnection, disconnectConnection } = useConnections()
  const accounts = usePorticoState((s) => s.accounts)
  const connectors = usePorticoState((s) => s.connectors)
  const heading = useId()
  const [rows, setRows] = useState<Partial<Record<ConnectionId, RowState>>>({})
  const setRow = (id: ConnectionId, state: RowState | undefined) =>
    setRows((r) => {
      const next = { ...r }
      if (state) next[id] = state
      else delete next[id]
      return next
    })
  if (connections.length === 0) return null

  const use = (c: WalletConnection) => {
    try {
      switchConnection(c.id)
      setRow(c.id, undefined)
    } catch (error) {
      setRow(c.id, {
        error: t('connectionSwitchFailed', { reason: errorText(error) ?? t('somethingWentWrong') }),
      })
    }
  }
  const disconnect = async (c: WalletConnection) => {
    setRow(c.id, { busy: 'disconnect' })
    try {
      await disconnectConnection(c.id)
      setRow(c.id, undefined)
    } catch (error) {
      setRow(c.id, {
        error: t('connectionDisconnectFailed', { reason: errorText(error) ?? t('somethingWentWrong') }),
      })
    }
  }

  return (
    <div className="connections" data-testid="connections">
      <h3 className="group-label" id={heading}>
        {t('connectedWallets')}
      </h3>
      <ul className="list" aria-labelledby={heading}>
        {connections.map((c) => {
          const wallet = walletOf(c, connectors)
          const address = shortenAddress(c.address)
          const row = rows[c.id]
          const account = c.current ? accounts[c.namespace] : undefined
          const balance =
            account?.balance !== undefined
              ? `${format.tokenAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
              : undefined
          // Three short lines beside the icon, so the wallet and the address are never squeezed by
          // the balance: the wallet; the address · the namespace; the balance (a current connection).
          // The address and a wallet's name are isolated, so they keep their order right to left.
          const body = (
            <>
              <WalletIcon connector={wallet} />
              <span className="row-label">
                <bdi className="connection-wallet" data-testid="connection-wallet">
                  {wallet.name}
                </bdi>
                <span className="row-sub">
                  <span className="mono" dir="ltr" data-testid="namespace-address">
                    {address}
                  </span>
                  {' · '}
                  <span data-testid="connection-namespace">{namespaceLabel(t, c.namespace)}</span>
                </span>
                {balance ? (
                  <span className="row-sub" data-testid="namespace-balance">
                    {balance}
                  </span>
                ) : null}
              </span>
            </>
          )
          return (
            <li key={c.id} className="connection" data-connection-id={c.id}>
              <div className="connection-main">
                {c.active ? (
                  <div className="row" {...rowProps(c)} aria-current="true">
                    {body}
                    <span className="tag" data-testid="connection-active">
                      {t('connectionActive')}
                    </span>
                  </div>
                ) : (
                  <button
                    type="button"
                    className="row"
                    {...rowProps(c)}
                    data-testid="connection-use"
                    disabled={row?.busy !== undefined}
                    onClick={() => use(c)}
                  >
                    {body}
                    <span className="tag" data-tone="muted">
                      {t('useConnection')}
                    </span>
                  </button>
                )}
                <button
                  type="button"
                  className="icon-button"
                  data-testid="connection-disconnect"
                  aria-label={t('disconnectConnectionLabel', { wallet: wallet.name, address })}
                  aria-busy={row?.busy === 'disconnect' ? 'true' : undefined}
                  disabled={row?.busy !== undefined}
                  onClick={() => void disconnect(c)}
                >
                  <PowerIcon />
                </button>
              </div>
              {row?.error ? (
                <p className="error-text" role="alert" data-testid="connection-error">
                  {row.error}
                </p>
              ) : null}
            </li>
          )
        })}
        <li>
          <button
            type="button"
            className="row"
            data-testid="connect-another-wallet"
            onClick={() => portico.router.push('Connect')}
          >
            <span className="row-label">{t('connectAnotherWallet')}</span>
            <ChevronIcon />
          </button>
        </li>
      </ul>
    </div>
  )
}
