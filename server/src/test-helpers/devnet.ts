// Gateway network config for the devnet's chains and fixtures.
import type { EvmDevnet } from '@portico/devnet'

export function devnetNetworks(devnet: EvmDevnet, rpcUrls?: Record<number, string>) {
  return devnet.chains.map((c) => ({
    caipNetworkId: `eip155:${c.chainId}`,
    name: `Devnet ${c.chainId}`,
    rpcUrl: rpcUrls?.[c.chainId] ?? c.rpcUrl,
    multicall3: devnet.fixtures.multicall3,
    tokens: devnet.fixtures.tokens.map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
    })),
  }))
}
