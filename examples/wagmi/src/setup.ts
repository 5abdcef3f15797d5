import { anvil31337, anvil31338, type EvmToken, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { createPortico, type Portico } from '@portico/core'
import { porticoConnector } from '@portico/wagmi'
import { type Chain, defineChain } from 'viem'
import { type Config, cookieStorage, createConfig, createStorage, http } from 'wagmi'

/** What `/devnet.json` tells the page: the two anvil chains and the fixture tokens. */
export interface DevnetInfo {
  chains: { chainId: number; rpcUrl: string }[]
  tokens: EvmToken[]
}

export interface ExampleWorld {
  portico: Portico
  config: Config
  wallet: DevWallet
  usdc: EvmToken | undefined
  devnet: DevnetInfo
}

/** Reads `/devnet.json`; a clear error when the devnet is not running. */
export async function loadDevnet(): Promise<DevnetInfo> {
  const res = await fetch('/devnet.json', { cache: 'no-store' })
  if (!res.ok)
    throw new Error(
      'No devnet at /devnet.json: run `node scripts/pnpm.mjs --filter @portico/devnet start` first.',
    )
  return (await res.json()) as DevnetInfo
}

/**
 * One Portico instance (the modal visitors connect with, the dev wallet found
 * over EIP-6963) and one wagmi config whose only connector is Portico's. Both
 * keep their state in cookies, so a reload restores the connection.
 */
export async function createWorld(devnet: DevnetInfo): Promise<ExampleWorld> {
  const rpc = (id: number) => {
    const url = devnet.chains.find((c) => c.chainId === id)?.rpcUrl
    if (!url) throw new Error(`/devnet.json has no chain ${id}`)
    return url
  }
  const networks = [withRpcUrls(anvil31337, [rpc(31337)]), withRpcUrls(anvil31338, [rpc(31338)])]
  const wallet = createDevWallet({ networks })
  await rememberSiteGrant(wallet)
  wallet.announce(window)
  const portico = createPortico({
    adapters: [
      evmAdapter({
        networks,
        tokens: Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.tokens])),
      }),
    ],
    metadata: { name: 'Portico + wagmi', url: window.location.origin },
    storage: 'cookie',
  })
  const chains = networks.map((n) =>
    defineChain({
      id: n.id,
      name: n.name,
      nativeCurrency: n.nativeCurrency,
      rpcUrls: { default: { http: [rpc(n.id)] } },
    }),
  ) as unknown as readonly [Chain, ...Chain[]]
  const config = createConfig({
    chains,
    connectors: [porticoConnector({ portico })],
    transports: Object.fromEntries(chains.map((c) => [c.id, http(rpc(c.id))])),
    storage: createStorage({ storage: cookieStorage }),
    // Portico's connector is the only way in: no EIP-6963 wallets listed beside it.
    multiInjectedProviderDiscovery: false,
  })
  return { portico, config, wallet, usdc: devnet.tokens.find((t) => t.symbol === 'USDC'), devnet }
}

const GRANT_KEY = 'portico-example-wagmi:dev-wallet-granted'

/**
 * A browser wallet remembers the sites it connected to, so after a reload it
 * answers `eth_accounts` and Portico (then wagmi) reconnects without asking.
 * The dev wallet keeps that grant in memory only: the example keeps it for the
 * wallet in localStorage, so a reload here takes the same path as with a real
 * wallet. Nothing of Portico or wagmi is involved in this.
 */
async function rememberSiteGrant(wallet: DevWallet): Promise<void> {
  if (localStorage.getItem(GRANT_KEY) === '1')
    await wallet.provider.request({ method: 'eth_requestAccounts' })
  wallet.provider.on('connect', () => localStorage.setItem(GRANT_KEY, '1'))
  wallet.provider.on('accountsChanged', (accounts: unknown) => {
    if (Array.isArray(accounts) && accounts.length === 0) localStorage.removeItem(GRANT_KEY)
  })
  wallet.provider.on('disconnect', () => localStorage.removeItem(GRANT_KEY))
}
