import { anvil31337, anvil31338, type EvmNetwork, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico, type PorticoStorage } from '@portico/core'
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { type Config, createConfig, createStorage, http } from '@wagmi/core'
import { type Chain, defineChain } from 'viem'
import { porticoConnector } from '../index.js'

export const DEV_WALLET_ID = 'dev.portico.wallet'
const quiet = { debug() {}, info() {}, warn() {}, error() {} }

/** The devnet (two anvil nodes) and its networks as Portico and viem see them. */
export interface World {
  devnet: EvmDevnet
  networks: [EvmNetwork, EvmNetwork]
  chains: readonly [Chain, Chain]
}

export async function startWorld(): Promise<World> {
  const devnet = await startEvmDevnet()
  const [a, b] = devnet.chains
  if (!a || !b) throw new Error('devnet has no chains')
  const networks: [EvmNetwork, EvmNetwork] = [
    withRpcUrls(anvil31337, [a.rpcUrl]),
    withRpcUrls(anvil31338, [b.rpcUrl]),
  ]
  const chains = [
    defineChain({
      id: 31337,
      name: 'Anvil',
      nativeCurrency: anvil31337.nativeCurrency,
      rpcUrls: { default: { http: [a.rpcUrl] } },
    }),
    defineChain({
      id: 31338,
      name: 'Anvil 2',
      nativeCurrency: anvil31338.nativeCurrency,
      rpcUrls: { default: { http: [b.rpcUrl] } },
    }),
  ] as const satisfies readonly [Chain, Chain]
  return { devnet, networks, chains }
}

/** A key-value store that outlives one Portico / wagmi instance: a page reload keeps it. */
export function memoryStores() {
  const portico = new Map<string, unknown>()
  const wagmi = new Map<string, string>()
  const porticoStorage: PorticoStorage = {
    get: (key) => portico.get(key) as never,
    set: (key, value) => void portico.set(key, structuredClone(value)),
    remove: (key) => void portico.delete(key),
  }
  const backing = {
    getItem: (key: string) => wagmi.get(key) ?? null,
    setItem: (key: string, value: string) => void wagmi.set(key, value),
    removeItem: (key: string) => void wagmi.delete(key),
  }
  // `backing` is the raw key-value store (wrap it with another wagmi major's createStorage).
  return { porticoStorage, wagmiStorage: createStorage({ storage: backing }), backing }
}

export interface PageOptions {
  wallet?: DevWallet
  stores?: ReturnType<typeof memoryStores>
  porticoNetworks?: readonly EvmNetwork[]
}

/**
 * Portico's half of a "page": the dev wallet as an integrator-configured
 * connector of a real `createPortico` (no EIP-6963 discovery in Node).
 */
export function startPortico(world: World, opts: PageOptions = {}): { portico: Portico; wallet: DevWallet } {
  const { devnet, networks } = world
  const wallet =
    opts.wallet ?? createDevWallet({ networks, privateKeys: [devnet.fixtures.accounts[0]!.privateKey] })
  const portico = createPortico({
    adapters: [
      evmAdapter({
        networks: opts.porticoNetworks ?? networks,
        connectors: [{ id: DEV_WALLET_ID, name: 'Portico Dev Wallet', provider: wallet.provider }],
      }),
    ],
    storage: opts.stores?.porticoStorage ?? 'memory',
    logger: quiet,
  })
  return { portico, wallet }
}

/** The wagmi transports of the world's two chains. */
export function transportsOf(world: World) {
  const [a, b] = world.chains
  return { [a.id]: http(a.rpcUrls.default.http[0]), [b.id]: http(b.rpcUrls.default.http[0]) }
}

/** One "page": `startPortico` plus a wagmi 3 config whose only connector is `porticoConnector`. */
export function startPage(
  world: World,
  opts: PageOptions = {},
): { portico: Portico; wallet: DevWallet; config: Config; devnet: EvmDevnet } {
  const { portico, wallet } = startPortico(world, opts)
  const config = createConfig({
    chains: world.chains,
    connectors: [porticoConnector({ portico })],
    transports: transportsOf(world),
    storage: opts.stores?.wagmiStorage ?? null,
  })
  return { portico, wallet, config, devnet: world.devnet }
}
