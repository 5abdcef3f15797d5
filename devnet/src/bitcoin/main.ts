// Entry of the detached Bitcoin devnet process that `portico-devnet start` runs:
// `node --import tsx devnet/src/bitcoin/main.ts --port 3002 [--or-free-port]`.
// Prints one JSON line (Esplora URL, genesis, fixtures) when it listens, then
// serves until SIGTERM. With --or-free-port a busy port falls back to a free one.
import { type BitcoinDevnet, startBitcoinDevnet } from './server.js'

const at = process.argv.indexOf('--port')
const port = at >= 0 ? Number(process.argv[at + 1]) : 0
let devnet: BitcoinDevnet
try {
  devnet = await startBitcoinDevnet({ port })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE'
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  devnet = await startBitcoinDevnet({ port: 0 })
}
process.stdout.write(
  `${JSON.stringify({
    esploraUrl: devnet.esploraUrl,
    port: devnet.port,
    genesisHash: devnet.genesisHash,
    caipNetworkId: devnet.caipNetworkId,
    fixtures: devnet.fixtures,
  })}\n`,
)
const shutdown = () => {
  void devnet.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
