import { anvil31337, anvil31338, type EvmToken, evmAdapter, withRpcUrls } from '@portico/adapter-evm'
import { createDevWallet, type DevWallet } from '@portico/adapter-evm/dev-wallet'
import { solanaAdapter, solanaLocalnet } from '@portico/adapter-solana'
import { createSolanaDevWallet, type SolanaDevWallet } from '@portico/adapter-solana/dev-wallet'
import {
  type AnyTransactionRequest,
  type ChainNamespace,
  createPortico,
  type Network,
  type Plugin,
  type Portico,
  type SocialProvider,
  sandboxPayExchange,
} from '@portico/core'
import { embeddedWalletPlugin } from '@portico/plugin-embedded-wallet'
import { type HelloPlugin, helloPlugin } from '@portico/plugin-hello'
import { namesPlugin } from '@portico/plugin-names'
import { onrampPlugin } from '@portico/plugin-onramp'
import { swapPlugin } from '@portico/plugin-swap'
import { getWalletConnectConnector, walletConnectPlugin } from '@portico/plugin-walletconnect'
import { rememberSiteGrant } from './dev-wallet-grant.js'
import { type BitcoinDevnetInfo, type BitcoinNamespace, bitcoinNamespace } from './namespaces/bitcoin.js'
import { type CosmosDevnetInfo, createCosmosWorld } from './namespaces/cosmos.js'
import { type GrantRestorers, restoreNamespaceGrants, trackNamespaceGrants } from './namespaces/grants.js'
import { type PolkadotDevnetInfo, type PolkadotNamespace, polkadotNamespace } from './namespaces/polkadot.js'
import { chosenPersonalities, installPersonalities } from './personalities.js'

/** The devnet's default relay port (`portico-devnet start`), used when /devnet.json names none. */
export const DEFAULT_RELAY_URL = 'ws://127.0.0.1:8550'

/** The local SVM (services.solana of devnet.json): RPC, genesis hash and fixtures. */
export interface SolanaDevnetInfo {
  rpcUrl: string
  genesisHash: string
  caipNetworkId: string
  fixtures: {
    devKeypairs: { address: string; secretKey: number[] }[]
    splMint: { mint: string; name: string; symbol: string; decimals: number }
  }
}

export interface DevnetInfo {
  chains: { chainId: number; rpcUrl: string }[]
  tokens: EvmToken[]
  /** The gateway (@portico/server) when the start script could run it. */
  apiUrl?: string
  /** The local SVM, when running. */
  solana?: SolanaDevnetInfo
  /** The Cosmos chain simulator, when running. */
  cosmos?: CosmosDevnetInfo
  /** The loopback WalletConnect relay (`ws://127.0.0.1:<port>`), when running. */
  walletconnect?: { url: string }
  bitcoin?: BitcoinDevnetInfo
  /** The chopsticks devnet, when running. */
  polkadot?: PolkadotDevnetInfo
  /** Sign-in after connect (needs `apiUrl`); off unless the served devnet.json asks for it. */
  siwx?: { required?: boolean }
  /** The gateway's signer listener (email login), when the gateway runs with `embeddedWallet`; off otherwise. */
  embeddedWallet?: {
    frameUrl: string
    socialProviders?: SocialProvider[]
    /** Sign In With Farcaster (the gateway runs with `embeddedWallet.farcaster`). */
    farcaster?: boolean
    /** SPEC §9 time-outs, shortened only by the e2e's devnet.json (defaults 20 s / 120 s). */
    loadTimeoutMs?: number
    requestTimeoutMs?: number
  }
  /** Dev only: the devnet's SMTP catcher (its HTTP API), listed by the demo's Inbox panel. */
  inbox?: { url: string }
  /**
   * ERC-4337 smart accounts for the connected EVM wallet (the devnet's SimpleAccountFactory;
   * the gateway at `apiUrl` runs the bundler proxy and the paymaster); off when absent.
   */
  smartAccount?: { factory: `0x${string}`; networks?: `eip155:${number}`[] }
  /** The devnet's sandbox exchange (`services.exchange` of devnet.json): "Pay from an exchange" in Pay. */
  exchange?: { url: string }
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
  /** The emulated wallets installed for `?wallets=` (the picker), and those that could not be. */
  personalities: { installed: string[]; failed: Array<{ id: string; reason: string }> }
  /** The Solana dev wallet (Wallet Standard), when the local SVM runs. */
  solanaWallet: SolanaDevWallet | undefined
  /** The Cosmos dev wallet (Keplr API), when the Cosmos simulator runs. */
  cosmosWallet?: ReturnType<typeof createCosmosWorld>['wallet']
  /** The Polkadot dev extension (injectedWeb3) once loaded, when the chopsticks devnet runs. */
  polkadotWallet: PolkadotNamespace['wallet']
  /** The page's "Send" button per active namespace (EVM's 0.01 ETH when a namespace has none). */
  transfers: Partial<Record<ChainNamespace, { label: string; request: AnyTransactionRequest }>>
  hello: HelloPlugin
  devnet: DevnetInfo & { found: boolean }
  /** The relay the WalletConnect plugin uses (loopback only). */
  relayUrl: string
  bitcoin?: BitcoinNamespace | undefined
}

/**
 * The demo's pieces: the EVM dev wallet (EIP-6963), the Solana dev wallet
 * (Wallet Standard), a floating-modal instance with EVM + Solana + WalletConnect
 * (loopback relay, gateway as wallet directory) and an embedded EVM instance.
 */
export async function createWorld(devnet: DevnetInfo & { found: boolean }): Promise<DemoWorld> {
  const rpc = (id: number) => devnet.chains.find((c) => c.chainId === id)?.rpcUrl
  const networks = [
    withRpcUrls(anvil31337, [rpc(31337) ?? anvil31337.rpcUrls.default.http[0]!]),
    withRpcUrls(anvil31338, [rpc(31338) ?? anvil31338.rpcUrls.default.http[0]!]),
  ]
  const tokens = Object.fromEntries(networks.map((n) => [n.caipNetworkId, devnet.tokens]))
  const wallet = createDevWallet({ networks })
  // Approved sites stay approved across reloads (as in a browser wallet), so the restore finds the account.
  await rememberSiteGrant(wallet)
  wallet.announce(window)

  const sol = devnet.solana
  const solanaNetworks: Network[] = sol
    ? [solanaLocalnet({ rpcUrl: sol.rpcUrl, genesisHash: sol.genesisHash, name: 'Solana Local' })]
    : []
  let solanaWallet: SolanaDevWallet | undefined
  if (sol) {
    solanaWallet = await createSolanaDevWallet({
      secretKeys: [sol.fixtures.devKeypairs[0]!.secretKey],
      rpcUrls: { 'solana:localnet': sol.rpcUrl },
    })
    solanaWallet.register(window)
  }
  const solanaTokens = sol
    ? [
        {
          mint: sol.fixtures.splMint.mint,
          symbol: sol.fixtures.splMint.symbol,
          name: sol.fixtures.splMint.name,
        },
      ]
    : []

  const cosmos = createCosmosWorld(devnet.cosmos, window)

  const bitcoin = bitcoinNamespace(devnet.bitcoin)
  const polkadot = polkadotNamespace(devnet.polkadot)

  // The page's dev wallets get back their approval of this site (a browser wallet remembers it), so a reload restores them.
  const grants: GrantRestorers = {
    ...(solanaWallet
      ? {
          solana: () =>
            (solanaWallet.wallet.features as Record<string, { connect(): Promise<unknown> }>)[
              'standard:connect'
            ]!.connect(),
        }
      : {}),
    ...(bitcoin
      ? {
          bip122: () =>
            (
              bitcoin.wallet.wallet.features as Record<
                string,
                { connect(input: { purposes: string[] }): Promise<unknown> }
              >
            )['bitcoin:connect']!.connect({ purposes: ['payment', 'ordinals'] }),
        }
      : {}),
    ...(polkadot.wallet ? { polkadot: () => polkadot.wallet! } : {}),
  }
  await restoreNamespaceGrants(grants)

  // The emulated wallets the page asked for (`?wallets=`, the picker), installed before discovery runs.
  const personalities = await installPersonalities(devnet, chosenPersonalities())

  const hello = helloPlugin({ greeting: 'Hello' })
  const relayUrl = devnet.walletconnect?.url ?? DEFAULT_RELAY_URL
  // Loopback relay only (never the hosted one); the gateway is the wallet directory (apiUrl).
  const wc: Plugin = walletConnectPlugin({
    relayUrl,
    projectId: 'local',
    featuredWalletIds: ['portico-dev-wallet'],
  })
  const metadata = { name: 'Portico demo', url: window.location.origin }
  const api = devnet.apiUrl ? { apiUrl: devnet.apiUrl, projectId: 'local' } : {}
  const portico = createPortico({
    ...api,
    ...(devnet.exchange ? { pay: { exchanges: [sandboxPayExchange({ url: devnet.exchange.url })] } } : {}),
    adapters: [
      evmAdapter({
        networks,
        tokens,
        ...(devnet.smartAccount && devnet.apiUrl ? { smartAccount: devnet.smartAccount } : {}),
      }),
      ...(solanaNetworks.length ? [solanaAdapter({ networks: solanaNetworks, tokens: solanaTokens })] : []),
      ...cosmos.adapters,
      ...(bitcoin ? [bitcoin.adapter] : []),
      ...polkadot.adapters,
    ],
    // Buy (onramp) needs the gateway: its sandbox checkout funds the dev wallet on the devnet. So do names (its registry).
    plugins: [
      hello,
      wc,
      swapPlugin(),
      ...(devnet.apiUrl ? [onrampPlugin(), namesPlugin()] : []),
      // Email login only when the gateway runs its signer listener (an SMTP server configured).
      ...(devnet.apiUrl && devnet.embeddedWallet
        ? [
            embeddedWalletPlugin({
              frameUrl: devnet.embeddedWallet.frameUrl,
              socialProviders: devnet.embeddedWallet.socialProviders ?? [],
              farcaster: devnet.embeddedWallet.farcaster === true,
              ...(devnet.embeddedWallet.loadTimeoutMs
                ? { loadTimeoutMs: devnet.embeddedWallet.loadTimeoutMs }
                : {}),
              ...(devnet.embeddedWallet.requestTimeoutMs
                ? { requestTimeoutMs: devnet.embeddedWallet.requestTimeoutMs }
                : {}),
            }),
          ]
        : []),
    ],
    metadata,
    ...(devnet.apiUrl && devnet.siwx ? { siwx: { required: devnet.siwx.required === true } } : {}),
    themeMode: 'system',
  })
  trackNamespaceGrants(portico, grants)
  // A second, independent instance for the embedded variant: two instances share no state.
  const embedded = createPortico({
    ...api,
    adapters: [evmAdapter({ networks, tokens })],
    metadata,
    embedded: true,
    themeMode: 'system',
    storagePrefix: 'portico-embedded',
  })
  const transfers = { ...polkadot.transfers }
  return {
    personalities,
    portico,
    embedded,
    wallet,
    solanaWallet,
    cosmosWallet: cosmos.wallet,
    polkadotWallet: polkadot.wallet,
    transfers,
    hello,
    devnet,
    relayUrl,
    bitcoin,
  }
}

/** The current WalletConnect pairing URI of an instance (what the QR encodes), for tests. */
export function wcUri(portico: Portico): string | undefined {
  return getWalletConnectConnector(portico)?.getState().uri
}

/**
 * Whether a WebSocket to the relay opens within `timeoutMs` (the loopback relay
 * accepts anonymous sockets). The demo says so on the page when it doesn't.
 */
export function probeRelay(url: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false
    const finish = (ok: boolean, socket?: WebSocket) => {
      if (done) return
      done = true
      clearTimeout(timer)
      try {
        socket?.close()
      } catch {}
      resolve(ok)
    }
    const timer = setTimeout(() => finish(false, socket), timeoutMs)
    let socket: WebSocket | undefined
    try {
      socket = new WebSocket(url)
      socket.onopen = () => finish(true, socket)
      socket.onerror = () => finish(false, socket)
    } catch {
      finish(false)
    }
  })
}
