import {
  type CaipNetworkId,
  ChainDisconnectedError,
  MethodNotSupportedError,
  type Portico,
  ProviderDisconnectedError,
  UnauthorizedError,
  UnrecognizedChainError,
} from '@portico/core'
import { type Address, numberToHex } from 'viem'
import { connectThroughModal } from '../connect-through-modal.js'
import { InvalidProviderParamsError } from '../errors.js'
import { configuredChainIds, type EvmView, readEvmView } from '../state.js'
import {
  paramsArray,
  parseAddress,
  parseChainId,
  parseMessage,
  parseTransaction,
  parseTypedData,
} from './params.js'

/** EIP-1193 events the provider emits. */
export interface PorticoProviderEvents {
  accountsChanged: readonly Address[]
  chainChanged: `0x${string}`
  connect: { chainId: `0x${string}` }
  disconnect: ProviderDisconnectedError
}

/** An EIP-1193 provider whose every request goes through a Portico instance. */
export interface PorticoEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on<E extends keyof PorticoProviderEvents>(
    event: E,
    listener: (payload: PorticoProviderEvents[E]) => void,
  ): void
  removeListener<E extends keyof PorticoProviderEvents>(
    event: E,
    listener: (payload: PorticoProviderEvents[E]) => void,
  ): void
}

/** What an eip155 adapter offers for reads (`evmAdapter().loadPublicClient`). */
interface ReadCapable {
  loadPublicClient(caipNetworkId: CaipNetworkId): Promise<{ request(args: unknown): Promise<unknown> }>
}

/**
 * An EIP-1193 provider over Portico's public API, for libraries that take one
 * (viem's `custom()` transport, wagmi's connector). Wallet requests become
 * Portico calls — `personal_sign` → `portico.signMessage`,
 * `eth_sendTransaction` → `portico.sendTransaction`, `eth_signTypedData_v4` →
 * `portico.signTypedData`, `wallet_switchEthereumChain` →
 * `portico.switchNetwork`, `eth_requestAccounts` → the Portico modal — so they
 * show in Portico's views and state whatever wallet is connected (injected,
 * WalletConnect, embedded). Reads on the adapter's safe list go to the active
 * network's RPC through the eip155 adapter. Params are validated before
 * anything reaches the wallet; errors carry EIP-1193 / EIP-1474 codes.
 *
 * @example
 * const client = createWalletClient({ transport: custom(createPorticoProvider(portico)) })
 * const [account] = await client.requestAddresses()
 */
export function createPorticoProvider(portico: Portico): PorticoEip1193Provider {
  const listeners = new Map<keyof PorticoProviderEvents, Set<(payload: never) => void>>()
  let stopWatching: (() => void) | undefined

  const emit = <E extends keyof PorticoProviderEvents>(event: E, payload: PorticoProviderEvents[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (p: typeof payload) => void)(payload)
  }
  // Watch Portico only while someone listens: no subscription at creation.
  const watch = () => {
    let previous = readEvmView(portico.getState())
    stopWatching = portico.subscribe((state) => {
      const next = readEvmView(state)
      const prev = previous
      previous = next
      const wasConnected = prev.status === 'connected'
      const isConnected = next.status === 'connected'
      if (!wasConnected && isConnected && next.chainId !== undefined) {
        emit('connect', { chainId: numberToHex(next.chainId) })
        emit('accountsChanged', next.accounts)
        return
      }
      if (wasConnected && next.status === 'disconnected') {
        emit('accountsChanged', [])
        emit('disconnect', new ProviderDisconnectedError({ details: 'Disconnected through Portico.' }))
        return
      }
      if (!isConnected) return
      if (next.accounts.join() !== prev.accounts.join()) emit('accountsChanged', next.accounts)
      if (next.chainId !== undefined && next.chainId !== prev.chainId)
        emit('chainChanged', numberToHex(next.chainId))
    })
  }

  const connected = (method: string): EvmView & { accounts: readonly [Address, ...Address[]] } => {
    const view = readEvmView(portico.getState())
    if (view.status !== 'connected' || !view.accounts[0])
      throw new UnauthorizedError({ details: `${method}: nothing is connected through Portico.` })
    return view as EvmView & { accounts: readonly [Address, ...Address[]] }
  }
  // Portico signs with the selected account: another address is not this session's to use.
  const assertSelected = (method: string, address: Address) => {
    const [selected] = connected(method).accounts
    if (address !== selected)
      throw new UnauthorizedError({
        details: `${method}: ${address} is not the account connected through Portico.`,
      })
  }
  const requireConfigured = (method: string, chainId: number) => {
    if (!configuredChainIds(portico).includes(chainId))
      throw new UnrecognizedChainError({
        details: `${method}: chain ${chainId} is not among the networks given to createPortico.`,
      })
  }

  async function request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string' || !args.method)
      throw new InvalidProviderParamsError(
        String(args?.method),
        'a request is { method: string, params?: unknown[] }',
      )
    const { method } = args
    const params = paramsArray(method, args.params)
    switch (method) {
      case 'eth_accounts': {
        const view = readEvmView(portico.getState())
        return view.status === 'connected' ? [...view.accounts] : []
      }
      case 'eth_requestAccounts':
        return [...(await connectThroughModal(portico)).accounts]
      case 'eth_chainId':
      case 'net_version': {
        const chainId = readEvmView(portico.getState()).chainId
        if (chainId === undefined)
          throw new ChainDisconnectedError({ details: 'Portico has no active eip155 network.' })
        return method === 'eth_chainId' ? numberToHex(chainId) : String(chainId)
      }
      case 'personal_sign': {
        const message = parseMessage(method, params[0])
        assertSelected(method, parseAddress(method, params[1]))
        return await portico.signMessage({ message, namespace: 'eip155' })
      }
      case 'eth_signTypedData_v4': {
        assertSelected(method, parseAddress(method, params[0]))
        const typedData = parseTypedData(method, params[1])
        return await portico.signTypedData({ typedData, namespace: 'eip155' })
      }
      case 'eth_sendTransaction': {
        const { request: tx, chainId } = parseTransaction(method, params[0])
        const view = connected(method)
        if (tx.from) assertSelected(method, tx.from as Address)
        if (chainId !== undefined) requireConfigured(method, chainId)
        return await portico.sendTransaction({
          request: { ...tx, from: tx.from ?? view.accounts[0] },
          namespace: 'eip155',
          ...(chainId !== undefined ? { caipNetworkId: `eip155:${chainId}` as const } : {}),
        })
      }
      case 'wallet_switchEthereumChain': {
        const target = params[0] as { chainId?: unknown } | undefined
        const chainId = parseChainId(method, target?.chainId)
        requireConfigured(method, chainId)
        await portico.switchNetwork(`eip155:${chainId}`)
        return null
      }
      case 'wallet_addEthereumChain': {
        // Portico's networks are fixed by createPortico: a configured chain is already "added".
        const target = params[0] as { chainId?: unknown } | undefined
        requireConfigured(method, parseChainId(method, target?.chainId))
        return null
      }
      default:
        if (portico.getRequestMethodSafety(method, 'eip155') === 'safe') return await read(method, params)
        throw new MethodNotSupportedError({
          method,
          details: `Portico's EIP-1193 provider does not forward ${method}.`,
        })
    }
  }

  async function read(method: string, params: readonly unknown[]): Promise<unknown> {
    const adapter = portico.getAdapter('eip155') as Partial<ReadCapable> | undefined
    if (typeof adapter?.loadPublicClient !== 'function')
      throw new MethodNotSupportedError({ method, details: 'the eip155 adapter offers no read client.' })
    const active = portico.getState().networks.active.eip155
    const chainId = readEvmView(portico.getState()).chainId ?? configuredChainIds(portico)[0]
    if (chainId === undefined || (active && !configuredChainIds(portico).includes(chainId)))
      throw new ChainDisconnectedError({
        details: `${method}: the active chain is not a configured network.`,
      })
    const client = await adapter.loadPublicClient(`eip155:${chainId}`)
    return await client.request({ method, params })
  }

  return {
    request,
    on(event, listener) {
      if (typeof listener !== 'function')
        throw new InvalidProviderParamsError(`on(${event})`, 'listener must be a function')
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener as (payload: never) => void)
      if (!stopWatching) watch()
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
      if ([...listeners.values()].every((s) => s.size === 0)) {
        stopWatching?.()
        stopWatching = undefined
      }
    },
  }
}
