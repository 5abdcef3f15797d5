import type { CaipAddress, CaipNetworkId, ChainNamespace } from './network.js'

/** SPEC §3 Account record. */
export interface AccountRecord {
  namespace: ChainNamespace
  address: string
  type: 'eoa' | 'smartAccount'
  publicKey?: string
  path?: string
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
  farcasterUrl?: string
  shouldUpdateToAddress?: string
  balanceLoading: boolean
  /** Epoch ms of the last failed balance fetch (retry blocked for 30 s after it). */
  lastRetry?: number
  /** Id of the connector this namespace is connected through. */
  connectorId?: string
}
