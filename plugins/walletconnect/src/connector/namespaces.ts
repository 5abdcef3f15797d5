import type { AccountRecord, CaipNetworkId, ChainNamespace, Network } from '@portico/core'

/** Methods the dApp asks for, per namespace (what Portico's adapters call through a WalletConnect session). */
export const WALLETCONNECT_METHODS: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: [
    'personal_sign',
    'eth_sign',
    'eth_signTypedData',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  bip122: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  cosmos: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'],
}

export const WALLETCONNECT_EVENTS: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  polkadot: ['accountsChanged'],
  bip122: ['accountsChanged', 'bip122_addressesChanged'],
  cosmos: ['accountsChanged', 'chainChanged'],
}

/** A namespace entry of the session proposal (UniversalProvider's `NamespaceConfig`). */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  /** Chain → RPC URL, so no read goes to the hosted RPC. Keyed by CAIP-2 id and by reference. */
  rpcMap: Record<string, string>
  defaultChain?: string
}

/**
 * Builds the optional namespaces of the proposal from the configured networks:
 * chains, methods, events and an `rpcMap` pointing at each network's own RPC.
 *
 * @example
 * buildProposalNamespaces([anvil])
 * // { eip155: { chains: ['eip155:31337'], rpcMap: { 'eip155:31337': 'http://127.0.0.1:8545', '31337': … }, … } }
 */
export function buildProposalNamespaces(
  networks: readonly Network[],
  options: { namespaces?: readonly ChainNamespace[]; defaultNetwork?: CaipNetworkId } = {},
): Partial<Record<ChainNamespace, ProposalNamespace>> {
  const out: Partial<Record<ChainNamespace, ProposalNamespace>> = {}
  for (const network of networks) {
    const ns = network.chainNamespace
    if (options.namespaces && !options.namespaces.includes(ns)) continue
    const entry = out[ns] ?? {
      chains: [],
      methods: [...WALLETCONNECT_METHODS[ns]],
      events: [...WALLETCONNECT_EVENTS[ns]],
      rpcMap: {},
    }
    out[ns] = entry
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
    const rpc = network.rpcUrls.chainDefault?.http[0] ?? network.rpcUrls.default.http[0]
    if (rpc) {
      entry.rpcMap[network.caipNetworkId] = rpc
      entry.rpcMap[String(network.id)] = rpc
    }
    if (options.defaultNetwork === network.caipNetworkId) entry.defaultChain = network.caipNetworkId
  }
  return out
}

/** Splits a CAIP-10 account id (`eip155:1:0xab…`) into chain id and address. */
export function parseAccountId(
  accountId: string,
): { caipNetworkId: CaipNetworkId; address: string } | undefined {
  const parts = accountId.split(':')
  if (parts.length !== 3 || parts.some((p) => !p)) return undefined
  return { caipNetworkId: `${parts[0]}:${parts[1]}` as CaipNetworkId, address: parts[2]! }
}

/**
 * The accounts a session namespace grants, as Portico records, on one chain:
 * `preferred` when the session has accounts on it, else the first chain listed.
 */
export function accountsFromSession(
  namespace: ChainNamespace,
  accountIds: readonly string[],
  preferred?: CaipNetworkId,
): { accounts: AccountRecord[]; caipNetworkId: CaipNetworkId } | undefined {
  const parsed = accountIds.map(parseAccountId).filter((a) => a !== undefined)
  if (!parsed.length) return undefined
  const caipNetworkId =
    preferred && parsed.some((a) => a.caipNetworkId === preferred) ? preferred : parsed[0]!.caipNetworkId
  const addresses = [
    ...new Set(parsed.filter((a) => a.caipNetworkId === caipNetworkId).map((a) => a.address)),
  ]
  return {
    caipNetworkId,
    accounts: addresses.map((address) => ({ namespace, address, type: 'eoa' as const })),
  }
}
