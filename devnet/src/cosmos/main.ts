// Entry of the detached Cosmos simulator process that `portico-devnet start` runs:
// `node --import tsx devnet/src/cosmos/main.ts --port 26657 [--or-free-port]`.
// Prints one JSON line (URLs per chain, fixtures) when it listens, then serves
// until SIGTERM. With --or-free-port a busy port falls back to a free one.
import { type CosmosDevnet, startCosmosDevnet } from './server.js'

const at = process.argv.indexOf('--port')
const port = at >= 0 ? Number(process.argv[at + 1]) : 0
let devnet: CosmosDevnet
try {
  devnet = await startCosmosDevnet({ port })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE'
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  devnet = await startCosmosDevnet({ port: 0 })
}
process.stdout.write(
  `${JSON.stringify({ url: devnet.url, port: devnet.port, chains: devnet.chains, fixtures: devnet.fixtures })}\n`,
)
const shutdown = () => {
  void devnet.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
