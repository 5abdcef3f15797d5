// Run by the global setup in its own Node process (with the `source`
// condition): starts anvil and the gateway, prints one JSON line with their
// addresses, and stops both on SIGTERM.
import { startEvmDevnet } from '@portico/devnet'
import { startGateway } from './gateway.js'

const devnet = await startEvmDevnet()
const gateway = await startGateway(devnet)
process.stdout.write(
  `${JSON.stringify({
    gatewayUrl: gateway.url,
    devnet: {
      chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      fixtures: {
        multicall3: devnet.fixtures.multicall3,
        accounts: devnet.fixtures.accounts,
        tokens: devnet.fixtures.tokens,
        ens: devnet.fixtures.ens,
      },
    },
  })}\n`,
)
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await gateway.gateway.close()
  await devnet.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The parent died without a signal: stdin closes, so clean up too.
process.stdin.on('end', stop)
process.stdin.resume()
