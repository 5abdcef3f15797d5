// Entry of the detached sandbox exchange that `portico-devnet start` runs:
// `node --import tsx devnet/src/exchange/main.ts --port 8790 [--or-free-port] --state-dir <dir>`.
// Pays on the `evm` service's anvils read from <dir>/devnet.json (funded by the public dev
// account 9, as the tests do), prints one JSON line when it listens, serves until SIGTERM.
import { getDevAccounts } from '../evm/accounts.js'
import { readDevnetState } from '../state.js'
import { type ExchangeSandbox, startExchangeSandbox } from './server.js'

const arg = (name: string) => {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}
const stateDir = arg('--state-dir')
const evm = readDevnetState(stateDir)?.services.evm
if (!evm) throw new Error('the sandbox exchange needs the evm service in devnet.json: start it first')
const options = {
  chains: evm.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
  tokens: evm.fixtures.tokens,
  funderKey: getDevAccounts()[9]!.privateKey,
}
let exchange: ExchangeSandbox
try {
  exchange = await startExchangeSandbox({ ...options, port: Number(arg('--port') ?? 0) })
} catch (error) {
  const busy = (error as { code?: string }).code === 'EADDRINUSE'
  if (!busy || !process.argv.includes('--or-free-port')) throw error
  exchange = await startExchangeSandbox({ ...options, port: 0 })
}
process.stdout.write(
  `${JSON.stringify({
    url: exchange.url,
    port: Number(new URL(exchange.url).port),
    treasury: exchange.treasury,
    networks: options.chains.map((c) => `eip155:${c.chainId}`),
  })}\n`,
)
const shutdown = () => {
  void exchange.close().then(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
