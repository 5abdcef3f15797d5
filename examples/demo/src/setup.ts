import { anvil31337, anvil31338, type EvmToken, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico } from '@portico/core'
import { type HelloPlugin, helloPlugin } from '@portico/plugin-hello'

export interface DevnetInfo {
  chains: { chainId: number; rpcUrl: string }[]
  tokens: EvmToken[]
  /** The gateway (@portico/server) when the start script could run it. */
  apiUrl?: string
}

/** Reads `/devnet.json` (served by the demo's server); falls back to the CLI's default ports. */
export async function loadDevnet(): Promise<DevnetInfo & { found: boolean }> {
  try {
    const res = await fetch('/devnet.json', { cache: 'no-store' })
    if (res.ok) return { ...((await res.json()) as DevnetInfo), found: true }
  } catch {}
  return {
    found: false,
    chains: [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
    ],
    tokens: [],
  }
}

export interface DemoWorld {
  portico: Portico
  embedded: Portico
  wallet: DevWallet
  hello: HelloPlugin
  devnet: DevnetInfo & { found: boolean }
}

/** The demo's pieces: the dev wallet (EIP-6963), a floating-modal instance and an embedded one. */
export function createWorld(devnet: DevnetInfo & { found: boolean }): DemoWorld {
  const rpc = (id: number) => devnet.chains.find((c) => c.chainId === id)?.rpcUrl
  const networks = [
    withRpcUrls(anvil31337, [rpc(31337) ?? anvil31337.rpcUrls.default.http[0]!]),
    withRpcUrls(anvil31338, [rpc(31338) ?? anvil31338.rpcUrls.default.http[0]!]),
  ]
  const tokens = Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.tokens]))
  const wallet = createDevWallet({ networks })
  wallet.announce(window)
  const hello = helloPlugin({ greeting: 'Hello' })
  const metadata = { name: 'Portico demo', url: window.location.origin }
  const api = devnet.apiUrl ? { apiUrl: devnet.apiUrl, projectId: 'local' } : {}
  const portico = createPortico({
    ...api,
    adapters: [evmAdapter({ networks, tokens })],
    plugins: [hello],
    metadata,
    themeMode: 'system',
  })
  // A second, independent instance for the embedded variant: two instances share no state.
  const embedded = createPortico({
    ...api,
    adapters: [evmAdapter({ networks, tokens })],
    metadata,
    embedded: true,
    themeMode: 'system',
    storagePrefix: 'portico-embedded',
  })
  return { portico, embedded, wallet, hello, devnet }
}
