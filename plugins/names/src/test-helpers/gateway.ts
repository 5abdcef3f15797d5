// The gateway of the plugin's tests (Node only: not importable from the DOM tests).

import type { EvmWorldDevnet } from '@portico/devnet/test-helpers'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'

/**
 * A gateway on 127.0.0.1:0 with the names registry (zone `portico.id`) on
 * in-memory SQLite. Only the devnet's first chain is configured: the second
 * is the "unsupported network" of the SPEC §5 tests (names calls skipped).
 */
export async function startGateway(devnet: EvmWorldDevnet): Promise<{ url: string; gateway: Gateway }> {
  const chain = devnet.chains[0]!
  const config = resolveConfig({
    host: '127.0.0.1',
    port: 0,
    databaseUrl: 'sqlite::memory:',
    logLevel: 'silent',
    networks: [
      {
        caipNetworkId: `eip155:${chain.chainId}`,
        name: `Devnet ${chain.chainId}`,
        rpcUrl: chain.rpcUrl,
        multicall3: devnet.fixtures.multicall3,
        ens: { universalResolver: devnet.fixtures.ens.universalResolver },
      },
    ],
  })
  const gateway = await createGateway(config, { indexer: false })
  return { url: await gateway.listen(), gateway }
}
