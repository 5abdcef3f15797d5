import type { Balance, CaipNetworkId } from '@portico/core'
import type { Address } from 'viem'
import type { EvmClients } from './adapter-clients.js'
import { toBalance } from './balances/index.js'
import type { EvmAdapter, EvmAdapterOptions } from './types.js'

type BalancesParams = Parameters<EvmAdapter['getBalances']>[0]
type BalancesResult = Awaited<ReturnType<EvmAdapter['getBalances']>>

export async function readNativeBalance(
  clients: Pick<EvmClients, 'networkOf' | 'clientOf'>,
  { address, caipNetworkId }: { address: string; caipNetworkId: CaipNetworkId },
): Promise<Balance> {
  const network = clients.networkOf(caipNetworkId)
  const value = await (await clients.clientOf(caipNetworkId)).getBalance({ address: address as Address })
  return toBalance(value, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
}

/** Native + ERC-20 balances in one Multicall3 round trip; tokens default to the ones configured for the network. */
export async function readBalances(
  clients: Pick<EvmClients, 'networkOf' | 'runtime' | 'clientWith'>,
  configured: EvmAdapterOptions['tokens'],
  { address, caipNetworkId, tokens }: BalancesParams,
): Promise<BalancesResult> {
  const network = clients.networkOf(caipNetworkId)
  const list = tokens ?? configured?.[caipNetworkId] ?? []
  const rt = await clients.runtime()
  return await rt.readTokenBalances(clients.clientWith(rt, caipNetworkId), network, address as Address, list)
}

/** ERC-20 holdings through `balancesOf` (the adapter's `getBalances`), with CAIP-10 token ids. */
export async function readTokenHoldings(
  configuredTokens: EvmAdapterOptions['tokens'],
  balancesOf: (params: BalancesParams) => Promise<BalancesResult>,
  { address, caipNetworkId, tokens }: BalancesParams,
): ReturnType<EvmAdapter['getTokenBalances']> {
  const configured = configuredTokens?.[caipNetworkId] ?? []
  // Known addresses keep their configured metadata; others are read on-chain.
  const list = tokens?.map(
    (t) =>
      (typeof t === 'string' && configured.find((c) => c.address.toLowerCase() === t.toLowerCase())) || t,
  )
  const { tokens: held } = await balancesOf({
    address,
    caipNetworkId,
    ...(list ? { tokens: list } : {}),
  })
  // CAIP-10 token ids in lowercase, as the gateway answers them.
  return held.map((t) => ({ ...t, caipAddress: `${caipNetworkId}:${t.token.toLowerCase()}` as const }))
}
