import type { Portico } from '@portico/core'
import { type CreateConnectorFn, createConnector } from '@wagmi/core'
import {
  type Address,
  type Chain,
  ChainNotFoundError,
  getAddress,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { connectThroughModal } from '../connect-through-modal.js'
import { PorticoWagmiOptionsError } from '../errors.js'
import { createPorticoProvider, type PorticoEip1193Provider } from '../provider/index.js'
import { configuredChainIds, type EvmView, readEvmView, settledView } from '../state.js'

/** Options of `porticoConnector`. */
export interface PorticoConnectorOptions {
  /** The instance whose modal connects visitors (`createPortico` with an eip155 adapter). */
  portico: Portico
  /** wagmi connector id (default `portico`); stored by wagmi for reconnects. */
  id?: string
  /** Name wagmi shows for the connection (default `Portico`). */
  name?: string
  /** Icon URL wagmi exposes on the connector (data: or https). */
  icon?: string
}

type WagmiCreateConnectorFn = CreateConnectorFn<PorticoEip1193Provider>

/**
 * What `porticoConnector` returns: a wagmi `CreateConnectorFn` that asks only
 * for what wagmi 2 and 3 both hand a connector (not wagmi 3's EIP-6963
 * `providers`), so it type-checks in either major's `createConfig`.
 */
export type PorticoCreateConnectorFn = (
  config: Omit<Parameters<WagmiCreateConnectorFn>[0], 'providers'>,
) => ReturnType<WagmiCreateConnectorFn>

/** The connector type wagmi records (`connector.type`). */
export const PORTICO_CONNECTOR_TYPE = 'portico'

const USER_REJECTED = 4001

/**
 * A wagmi connector (wagmi 2 and 3, `createConnector`) over the eip155 account
 * connected through Portico — injected, WalletConnect or embedded — so an
 * app's wagmi hooks (`useAccount`/`useConnection`, `useBalance`,
 * `useSignMessage`, `useSendTransaction`, `useWriteContract`,
 * `useSwitchChain`, `useDisconnect`) work unchanged while Portico's modal stays
 * the way visitors connect. wagmi's `connect` opens the modal; a connect, chain
 * switch or disconnect made in the modal updates wagmi, and wagmi's
 * `switchChain` / `disconnect` go through Portico. Reconnects after a reload
 * come from Portico's own restore (`portico.ready`), so wagmi's storage and
 * cookie mode work as with any connector.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter({ networks })] })
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [porticoConnector({ portico })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function porticoConnector(options: PorticoConnectorOptions): PorticoCreateConnectorFn {
  const { portico, id = 'portico', name = 'Portico', icon } = validateOptions(options)
  let provider: PorticoEip1193Provider | undefined

  const create: PorticoCreateConnectorFn = (config) => {
    const findChain = (chainId: number): Chain | undefined => config.chains.find((c) => c.id === chainId)
    // Mirror Portico into wagmi: a modal connect, account / chain change or disconnect.
    let previous: EvmView | undefined
    let stopWatching: (() => void) | undefined
    const onPortico = (next: EvmView) => {
      const prev = previous ?? next
      previous = next
      if (next.status === 'connected' && next.chainId !== undefined) {
        if (prev.status !== 'connected' || prev === next) {
          config.emitter.emit('connect', { accounts: next.accounts, chainId: next.chainId })
          // wagmi records the recent connector only for its own connect(): a modal connect is one too.
          Promise.resolve(config.storage?.setItem('recentConnectorId', id)).catch((error: unknown) =>
            config.emitter.emit('error', { error: error as Error }),
          )
          return
        }
        if (next.accounts.join() !== prev.accounts.join()) connector.onAccountsChanged([...next.accounts])
        if (next.chainId !== prev.chainId) connector.onChainChanged(String(next.chainId))
      } else if (prev.status === 'connected' && next.status === 'disconnected') {
        connector.onDisconnect()
      }
    }

    const connector = {
      id,
      name,
      type: PORTICO_CONNECTOR_TYPE,
      ...(icon ? { icon } : {}),

      async setup() {
        if (stopWatching) return
        stopWatching = portico.subscribe((state) => onPortico(readEvmView(state)))
        // A restore that finished before wagmi was set up still reaches wagmi.
        await portico.ready
        const now = readEvmView(portico.getState())
        if (previous === undefined && now.status === 'connected') onPortico(now)
        else previous ??= now
      },

      async connect<withCapabilities extends boolean = false>(
        parameters: {
          chainId?: number
          isReconnecting?: boolean
          withCapabilities?: withCapabilities | boolean
        } = {},
      ) {
        let view: EvmView
        if (parameters.isReconnecting) {
          view = await settledView(portico)
          if (view.status !== 'connected')
            throw new UserRejectedRequestError(new Error('Nothing to restore in Portico.'))
        } else {
          try {
            view = await connectThroughModal(portico)
          } catch (error) {
            if ((error as { code?: unknown }).code === USER_REJECTED)
              throw new UserRejectedRequestError(error as Error)
            throw error
          }
        }
        let chainId = view.chainId ?? configuredChainIds(portico)[0]
        if (chainId === undefined) throw new ChainNotFoundError()
        if (parameters.chainId !== undefined && parameters.chainId !== chainId)
          chainId = (await connector.switchChain({ chainId: parameters.chainId })).id
        previous = readEvmView(portico.getState())
        const accounts = view.accounts
        return {
          accounts: (parameters.withCapabilities
            ? accounts.map((address) => ({ address, capabilities: {} }))
            : accounts) as never,
          chainId,
        }
      },

      async disconnect() {
        await portico.disconnect('eip155')
      },

      async getAccounts(): Promise<readonly Address[]> {
        return readEvmView(portico.getState()).accounts
      },

      async getChainId(): Promise<number> {
        const chainId = readEvmView(portico.getState()).chainId ?? configuredChainIds(portico)[0]
        if (chainId === undefined) throw new ChainNotFoundError()
        return chainId
      },

      async getProvider(): Promise<PorticoEip1193Provider> {
        provider ??= createPorticoProvider(portico)
        return provider
      },

      async isAuthorized(): Promise<boolean> {
        return (await settledView(portico)).status === 'connected'
      },

      async switchChain({ chainId }: { chainId: number }): Promise<Chain> {
        const chain = findChain(chainId)
        if (!chain)
          throw new SwitchChainError(new Error(`Chain ${chainId} is not in the wagmi config's chains.`))
        if (!configuredChainIds(portico).includes(chainId))
          throw new SwitchChainError(
            new Error(`Chain ${chainId} is not among the networks given to createPortico.`),
          )
        try {
          await portico.switchNetwork(`eip155:${chainId}`)
        } catch (error) {
          if ((error as { code?: unknown }).code === USER_REJECTED)
            throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },

      onChainChanged(chain: string) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
    return connector
  }
  // createConnector only adds wagmi 3's types; the narrower config type is the one both majors satisfy.
  return createConnector<PorticoEip1193Provider>(create) as PorticoCreateConnectorFn
}

function validateOptions(options: PorticoConnectorOptions): PorticoConnectorOptions {
  if (!options || typeof options !== 'object')
    throw new PorticoWagmiOptionsError('porticoConnector needs options: { portico }.')
  const { portico, id, name, icon } = options
  const methods = ['getState', 'subscribe', 'open', 'disconnect', 'switchNetwork', 'getAdapter'] as const
  if (!portico || typeof portico !== 'object' || methods.some((m) => typeof portico[m] !== 'function'))
    throw new PorticoWagmiOptionsError(
      'porticoConnector: `portico` must be an instance made by createPortico.',
    )
  if (!portico.getAdapter('eip155'))
    throw new PorticoWagmiOptionsError(
      'porticoConnector: the Portico instance has no eip155 adapter (add evmAdapter() to createPortico).',
    )
  for (const [key, value] of Object.entries({ id, name }))
    if (value !== undefined && (typeof value !== 'string' || !value.trim()))
      throw new PorticoWagmiOptionsError(`porticoConnector: \`${key}\` must be a non-empty string.`)
  if (icon !== undefined && (typeof icon !== 'string' || !/^(https:|data:image\/)/.test(icon)))
    throw new PorticoWagmiOptionsError('porticoConnector: `icon` must be an https: or data:image/ URL.')
  return options
}
