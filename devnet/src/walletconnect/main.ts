// Entry of the detached relay process that `portico-devnet start` runs:
// `node --import tsx devnet/src/walletconnect/main.ts --port 8550 [--or-free-port]`.
// Prints one JSON line ({ url, port }) when it listens, then serves until SIGTERM.
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js'

const at = process.argv.indexOf('--port')
const port = at >= 0 ? Number(process.argv[at + 1]) : 0
let relay: WalletConnectRelay
try {
  relay = await startWalletConnectRelay({ port })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE'
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  relay = await startWalletConnectRelay({ port: 0 })
}
process.stdout.write(`${JSON.stringify({ url: relay.url, port: relay.port })}\n`)
const shutdown = () => {
  void relay.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
