import type { CaipAddress, CaipNetworkId, ChainNamespace } from './network.js'

/**
 * SPEC §3 Account record, as an adapter reports it. The adapter validated
 * `address` and composed `caipAddress` for the current network: core never
 * builds CAIP-10 ids itself (a Cosmos or Polkadot address changes with the
 * chain's prefix).
 */
export interface AccountRecord {
  namespace: ChainNamespace
  /** Chain-native form (0x-checksummed, base58, SS58, bech32…). */
  address: string
  /** CAIP-10 id on the network the account was reported for. */
  caipAddress: CaipAddress
  type: 'eoa' | 'smartAccount'
  /** A smart account: whether its contract is on chain yet (counterfactual before its first operation). */
  deployed?: boolean
  /** A smart account: the address of the key that owns it. */
  owner?: string
  /** 0x-hex public key, when the wallet tells it (Solana, Keplr, Polkadot, Bitcoin). */
  publicKey?: string
  /** Derivation path, when the wallet tells it. */
  path?: string
  /** bip122: what the address is for (`bitcoin:connect` purposes). */
  purpose?: 'payment' | 'ordinals'
  /** The key / script kind: bip122 `p2wpkh`, `p2tr`…; polkadot `sr25519`…; cosmos `secp256k1`… */
  addressType?: string
}

/** SPEC §3 Wallet user (embedded / email login). */
export interface WalletUser {
  email?: string
  address?: string
  chainId?: number | string
  accounts?: AccountRecord[]
  userName?: string
  preferredAccountType?: 'eoa' | 'smartAccount'
}

/** SPEC §3 Token balance, as the blockchain API returns it. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: CaipNetworkId
  /** CAIP-10 address of the token contract; native tokens use the chain's native marker. */
  address?: string
  /** Fiat value of the holding (quantity × price). */
  value?: number
  /** Fiat price per unit. */
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/**
 * The wallet a namespace is connected to, as the Account view shows it. For a
 * plugin connector (WalletConnect) it is the peer's own metadata, validated
 * and sanitized by the plugin: render as text / `<img src>` only.
 */
export interface ConnectedWalletInfo {
  name: string
  icon?: string
  rdns?: string
  type?: string
}

/** SPEC §3 Account state, one per chain namespace. Every field of the SPEC is here. */
export interface AccountState {
  caipAddress?: CaipAddress
  address?: string
  status: ConnectionStatus
  /** Native balance, formatted per SPEC §5 (truncated to 3 decimals). */
  balance?: string
  balanceSymbol?: string
  profileName?: string
  profileImage?: string
  user?: WalletUser
  addressExplorerUrl?: string
  smartAccountDeployed?: boolean
  /** Account view tab: 0 Tokens, 1 NFTs, 2 Activity. */
  currentTab: number
  tokenBalance: readonly TokenBalance[]
  addressLabels: Readonly<Record<string, string>>
  allAccounts: readonly AccountRecord[]
  connectedWalletInfo?: ConnectedWalletInfo
  preferredAccountTypes?: Partial<Record<ChainNamespace, 'eoa' | 'smartAccount'>>
  socialProvider?: SocialProvider
  socialWindow?: unknown
  /**
   * SPEC §3's Farcaster link, for a plugin that shows it on the page. The
   * embedded wallet plugin never sets it (issue 29): its link carries the
   * relay's channel token, so the signer frame draws it in its own card.
   */
  farcasterUrl?: string
  shouldUpdateToAddress?: string
  balanceLoading: boolean
  /**
   * Why the last native balance read failed (the adapter's message); cleared by
   * a successful read. `balance` is then undefined: a UI shows "unavailable",
   * not an empty or stale amount.
   */
  balanceError?: string
  /** Epoch ms of the last failed balance fetch (retry blocked for 30 s after it). */
  lastRetry?: number
  /**
   * "Token Balance Unavailable" (SPEC §8) while the last token-balance fetch
   * failed or the network is unsupported; cleared by a successful fetch. Lets
   * a UI tell "the read failed" from "the account holds no tokens".
   */
  tokenBalanceError?: string
  /** Id of the connector this namespace is connected through. */
  connectorId?: string
}
