// Entry of the detached chopsticks process that `portico-devnet start` runs:
// `node --import tsx devnet/src/polkadot/main.ts --port 9944 --ready-file <f> [--or-free-port]`.
// chopsticks logs to stdout, so the ready report (wsUrl, genesis, fixtures)
// is written as JSON to the ready file, not printed. Serves until SIGTERM.
import { writeFileSync } from 'node:fs'
import { polkadotFixturesToJson } from './json.js'
import { type PolkadotDevnet, startPolkadotDevnet } from './server.js'

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}

const port = Number(arg('--port') ?? 0)
const readyFile = arg('--ready-file')
let devnet: PolkadotDevnet
try {
  devnet = await startPolkadotDevnet({ port })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE' || /EADDRINUSE/.test(String(error))
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  devnet = await startPolkadotDevnet({ port: 0 })
}
const report = JSON.stringify({
  wsUrl: devnet.wsUrl,
  httpUrl: devnet.httpUrl,
  port: devnet.port,
  genesisHash: devnet.genesisHash,
  caipNetworkId: devnet.caipNetworkId,
  ss58Prefix: devnet.ss58Prefix,
  fixtures: polkadotFixturesToJson(devnet.fixtures),
})
if (readyFile) writeFileSync(readyFile, `${report}\n`)
else process.stdout.write(`${report}\n`)
const shutdown = () => {
  void devnet.stop().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
