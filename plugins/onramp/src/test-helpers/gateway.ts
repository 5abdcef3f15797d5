// The gateway of the plugin's tests (Node only: not importable from the DOM tests).

import type { EvmWorldDevnet } from '@portico/devnet/test-helpers'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'

/** A gateway on 127.0.0.1:0 with the sandbox paying from the devnet treasury (dev account 9). */
export async function startGateway(
  devnet: EvmWorldDevnet,
  onramp?: Record<string, unknown>,
): Promise<{ url: string; gateway: Gateway }> {
  const config = resolveConfig({
    host: '127.0.0.1',
    port: 0,
    databaseUrl: 'sqlite::memory:',
    logLevel: 'silent',
    networks: devnet.chains.map((c) => ({
      caipNetworkId: `eip155:${c.chainId}`,
      name: `Devnet ${c.chainId}`,
      rpcUrl: c.rpcUrl,
      multicall3: devnet.fixtures.multicall3,
      tokens: devnet.fixtures.tokens.map(({ address, symbol, name, decimals }) => ({
        address,
        symbol,
        name,
        decimals,
      })),
    })),
    // Prices by CAIP-10 id (the gateway refuses symbols): ETH 2000, the fixture stablecoins 1.
    prices: {
      usd: Object.fromEntries(
        devnet.chains.flatMap((c) => [
          [`eip155:${c.chainId}:native`, 2000],
          ...devnet.fixtures.tokens.map((t) => [`eip155:${c.chainId}:${t.address.toLowerCase()}`, 1]),
        ]),
      ),
    },
    onramp: onramp ?? {
      sandbox: { enabled: true, treasuryPrivateKey: devnet.fixtures.accounts[9]!.privateKey },
    },
  })
  const gateway = await createGateway(config, { indexer: false })
  return { url: await gateway.listen(), gateway }
}
