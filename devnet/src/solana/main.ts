// Entry of the detached SVM process that `portico-devnet start` runs:
// `node --import tsx devnet/src/solana/main.ts --port 8899 [--or-free-port]`.
// Prints one JSON line (rpcUrl, genesis, fixtures) when it listens, then
// serves until SIGTERM. With --or-free-port a busy port falls back to a free one.
import { solanaFixturesToJson } from './json.js'
import { type SolanaDevnet, startSolanaDevnet } from './server.js'

const at = process.argv.indexOf('--port')
const port = at >= 0 ? Number(process.argv[at + 1]) : 0
let devnet: SolanaDevnet
try {
  devnet = await startSolanaDevnet({ port })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE'
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  devnet = await startSolanaDevnet({ port: 0 })
}
process.stdout.write(
  `${JSON.stringify({
    rpcUrl: devnet.rpcUrl,
    port: devnet.port,
    genesisHash: devnet.genesisHash,
    caipNetworkId: devnet.caipNetworkId,
    fixtures: solanaFixturesToJson(devnet.fixtures),
  })}\n`,
)
const shutdown = () => {
  void devnet.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
