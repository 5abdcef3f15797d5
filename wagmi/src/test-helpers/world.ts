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
  const wagmiStorage = createStorage({
    storage: {
      getItem: (key) => wagmi.get(key) ?? null,
      setItem: (key, value) => void wagmi.set(key, value),
      removeItem: (key) => void wagmi.delete(key),
    },
  })
  return { porticoStorage, wagmiStorage, wagmi }
}

/**
 * One "page": the dev wallet as an integrator-configured connector of a real
 * `createPortico` (no EIP-6963 discovery in Node), and a wagmi config whose only
 * connector is `porticoConnector`.
 */
export function startPage(
  world: World,
  opts: {
    wallet?: DevWallet
    stores?: ReturnType<typeof memoryStores>
    porticoNetworks?: readonly EvmNetwork[]
  } = {},
): { portico: Portico; wallet: DevWallet; config: Config; devnet: EvmDevnet } {
  const { devnet, networks, chains } = world
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
  const config = createConfig({
    chains,
    connectors: [porticoConnector({ portico })],
    transports: {
      [chains[0].id]: http(chains[0].rpcUrls.default.http[0]),
      [chains[1].id]: http(chains[1].rpcUrls.default.http[0]),
    },
    storage: opts.stores?.wagmiStorage ?? null,
  })
  return { portico, wallet, config, devnet }
}
