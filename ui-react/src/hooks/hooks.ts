import type {
  AccountState,
  ChainNamespace,
  ConnectionId,
  Connector,
  Network,
  OpenOptions,
  PorticoEventHandler,
  PorticoEventName,
  PorticoState,
  ViewName,
  WalletConnection,
} from '@portico/core'
import { selectConnections } from '@portico/core'
import { useEffect, useRef } from 'react'
import { usePortico } from '../context/index.js'
import { shallowEqual, useStoreSelector } from './useSelector.js'

/**
 * Reads any slice of the state; re-renders only when the slice changes (shallow).
 *
 * @example const view = usePorticoState((s) => s.router.view)
 */
export function usePorticoState<T>(selector: (state: PorticoState) => T): T {
  return useStoreSelector(usePortico('usePorticoState'), selector, shallowEqual)
}

export interface UseModalResult {
  isOpen: boolean
  view: ViewName
  open: (options?: OpenOptions) => Promise<void>
  close: () => void
}

/**
 * Modal open state and current view, with `open` / `close`.
 *
 * @example const { isOpen, open } = useModal(); open({ view: 'Networks' })
 */
export function useModal(): UseModalResult {
  const portico = usePortico('useModal')
  const slice = useStoreSelector(
    portico,
    (s) => ({ isOpen: s.modal.open, view: s.router.view }),
    shallowEqual,
  )
  return { ...slice, open: (o) => portico.open(o), close: () => portico.close() }
}

export interface UseAccountResult extends Partial<AccountState> {
  namespace: ChainNamespace | undefined
  status: AccountState['status']
  isConnected: boolean
}

/**
 * The account state of a namespace (default: the active one).
 *
 * @example const { address, isConnected } = useAccount()
 */
export function useAccount(namespace?: ChainNamespace): UseAccountResult {
  const portico = usePortico('useAccount')
  const ns = useStoreSelector(portico, (s) => namespace ?? s.activeNamespace)
  const account = useStoreSelector(portico, (s) => (ns ? s.accounts[ns] : undefined))
  const status = account?.status ?? 'disconnected'
  return { ...account, namespace: ns, status, isConnected: status === 'connected' }
}

export interface UseNetworkResult {
  network: Network | undefined
  networks: readonly Network[]
  isUnsupported: boolean
  switchNetwork: (caipNetworkId: Network['caipNetworkId']) => Promise<void>
}

/**
 * The active network of a namespace (default: the active one), the networks it offers, and `switchNetwork`.
 *
 * @example const { network, switchNetwork } = useNetwork()
 */
export function useNetwork(namespace?: ChainNamespace): UseNetworkResult {
  const portico = usePortico('useNetwork')
  const slice = useStoreSelector(portico, (s) => selectNetwork(s, namespace), shallowEqual)
  return { ...slice, switchNetwork: (id) => portico.switchNetwork(id) }
}

/** The network slice used by `useNetwork` and the views. */
export function selectNetwork(s: PorticoState, namespace?: ChainNamespace) {
  const ns = namespace ?? s.activeNamespace
  const id = ns ? s.networks.active[ns] : undefined
  return {
    network: s.networks.all.find((n) => n.caipNetworkId === id),
    networks: s.networks.all,
    isUnsupported: Boolean(ns && s.networks.unsupported[ns]),
  }
}

export interface UseBalanceResult {
  /** Native balance, truncated to 3 decimals (SPEC §5). */
  balance: string | undefined
  symbol: string | undefined
  loading: boolean
  tokens: AccountState['tokenBalance']
}

/**
 * Balances of the connected account of a namespace (default: the active one).
 *
 * @example const { balance, symbol } = useBalance()
 */
export function useBalance(namespace?: ChainNamespace): UseBalanceResult {
  return useStoreSelector(
    usePortico('useBalance'),
    (s) => {
      const a = s.accounts[namespace ?? s.activeNamespace ?? 'eip155']
      return {
        balance: a?.balance,
        symbol: a?.balanceSymbol,
        loading: a?.balanceLoading ?? false,
        tokens: a?.tokenBalance ?? [],
      }
    },
    shallowEqual,
  )
}

/**
 * The connectors (discovered EIP-6963 wallets first) and the recent connector id.
 *
 * @example const { connectors } = useConnectors()
 */
export function useConnectors(): { connectors: readonly Connector[]; recentConnectorId: string | undefined } {
  return useStoreSelector(
    usePortico('useConnectors'),
    (s) => ({ connectors: s.connectors, recentConnectorId: s.recentConnectorId }),
    shallowEqual,
  )
}

export interface UseConnectionsResult {
  /** Every wallet connection: each namespace's current one, then its background ones. */
  connections: readonly WalletConnection[]
  /** The one the button shows and requests go to. */
  active: WalletConnection | undefined
  /** Makes a connection active without asking the wallet again (`ConnectionNotFoundError` for an unknown id). */
  switchConnection: (id: ConnectionId) => void
  /** Ends one connection; the others stay. */
  disconnectConnection: (id: ConnectionId) => Promise<void>
}

/**
 * The visitor's wallet connections (several wallets at once), re-rendering only when they change.
 *
 * @example const { connections, switchConnection } = useConnections()
 */
export function useConnections(): UseConnectionsResult {
  const portico = usePortico('useConnections')
  const connections = useStoreSelector(portico, selectConnections)
  return {
    connections,
    active: connections.find((c) => c.active),
    switchConnection: (id) => portico.switchConnection(id),
    disconnectConnection: (id) => portico.disconnectConnection(id),
  }
}

/**
 * Subscribes to a core event for the component's lifetime; the latest handler is always called.
 *
 * @example usePorticoEvent('CONNECT_SUCCESS', ({ address }) => toast(address))
 */
export function usePorticoEvent<E extends PorticoEventName>(event: E, handler: PorticoEventHandler<E>): void {
  const portico = usePortico('usePorticoEvent')
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const listener: PorticoEventHandler<E> = (payload) => latest.current(payload)
    portico.on(event, listener)
    return () => portico.off(event, listener)
  }, [portico, event])
}
