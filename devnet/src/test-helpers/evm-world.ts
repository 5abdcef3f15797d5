// A test world in a child Node process: an EVM devnet (anvil) and a gateway that the
// caller configures, for the projects whose files share one world through vitest's
// global setup (the plugins' tests). The child runs with the `source` condition and tsx:
// the global setup cannot resolve workspace packages through it, and a DOM environment
// cannot host the gateway.
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { EvmDevnet } from '../evm/devnet.js'

/** What a test file gets of the devnet: its JSON, handed over by the global setup. */
export interface EvmWorldDevnet {
  chains: { chainId: number; rpcUrl: string }[]
  fixtures: {
    multicall3: `0x${string}`
    accounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
    tokens: { address: `0x${string}`; symbol: string; name: string; decimals: number }[]
    /** The ENS stand-in: `alice.eth` resolves forward. */
    ens: { universalResolver: `0x${string}`; names: Record<string, `0x${string}`> }
  }
}

/** The world a global setup provides to the files: the gateway's URL and the devnet. */
export interface EvmWorld {
  gatewayUrl: string
  devnet: EvmWorldDevnet
}

/** A started gateway, as the world's child process sees it. */
export interface WorldGateway {
  url: string
  close(): Promise<void>
}

/**
 * The body of a world's child script: starts the devnet and the gateway `startGateway`
 * configures on it, prints the world as one JSON line, and stops both on SIGTERM, SIGINT
 * or when the parent goes away (stdin closes).
 */
export async function serveEvmWorld(
  startGateway: (devnet: EvmDevnet) => Promise<WorldGateway>,
): Promise<void> {
  // Loaded here, not at import: the other helpers of this entry stay light.
  const { startEvmDevnet } = await import('../evm/devnet.js')
  const devnet = await startEvmDevnet()
  let gateway: WorldGateway
  try {
    gateway = await startGateway(devnet)
  } catch (error) {
    await devnet.stop()
    throw error
  }
  const { multicall3, accounts, tokens, ens } = devnet.fixtures
  const world: EvmWorld = {
    gatewayUrl: gateway.url,
    devnet: {
      chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      fixtures: { multicall3, accounts, tokens, ens },
    },
  }
  process.stdout.write(`${JSON.stringify(world)}\n`)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await gateway.close()
    await devnet.stop()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.stdin.on('end', stop)
  process.stdin.resume()
}

/**
 * For a global setup: runs `script` (a child script calling {@link serveEvmWorld}) in its
 * own Node process from `cwd` (the package, for its `source` resolution), and answers the
 * world it prints and a `stop` that ends the process and waits for it.
 */
export async function startEvmWorld(
  script: URL,
  cwd: URL,
  name: string,
): Promise<{ world: EvmWorld; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', fileURLToPath(script)], {
    cwd: fileURLToPath(cwd),
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const line = await Promise.race([
    new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    exited.then((code) => {
      throw new Error(`${name} test world exited with ${code}`)
    }),
  ])
  return {
    world: JSON.parse(line) as EvmWorld,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A JSON POST through Node's own HTTP client (a DOM test's fetch applies the page's CORS rules). */
export function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8')
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}
