import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** An ERC-20 of the devnet, as the Account view lists it. */
export interface DevnetToken {
  address: `0x${string}`
  symbol: string
  name: string
  decimals: number
}

/** Where the EVM devnet runs, handed from the server to the client component as props. */
export interface Devnet {
  chains: { chainId: number; rpcUrl: string }[]
  tokens: DevnetToken[]
  /** False when neither the environment nor `.portico/devnet.json` named a devnet (default ports then). */
  found: boolean
}

const DEFAULT_CHAINS = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
]

function isLoopbackUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'ws:') && url.hostname === '127.0.0.1'
  } catch {
    return false
  }
}

function parse(raw: string): Devnet | undefined {
  const body = JSON.parse(raw) as { chains?: unknown; tokens?: unknown }
  const chains = Array.isArray(body.chains)
    ? body.chains.filter(
        (c): c is { chainId: number; rpcUrl: string } =>
          typeof c?.chainId === 'number' && isLoopbackUrl(c?.rpcUrl),
      )
    : []
  if (chains.length === 0) return undefined
  const tokens = Array.isArray(body.tokens)
    ? body.tokens
        .filter(
          (t) =>
            typeof t?.address === 'string' &&
            /^0x[0-9a-fA-F]{40}$/.test(t.address) &&
            typeof t.symbol === 'string' &&
            Number.isInteger(t.decimals),
        )
        .map((t) => ({
          address: t.address,
          symbol: t.symbol,
          name: t.name ?? t.symbol,
          decimals: t.decimals,
        }))
    : []
  return { chains: chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })), tokens, found: true }
}

/**
 * The devnet, read on the server at request time: PORTICO_EXAMPLE_DEVNET (JSON,
 * set by scripts/start.mjs and the e2e), else the one `portico-devnet start`
 * recorded in `.portico/devnet.json`, else anvil's default ports. Only
 * 127.0.0.1 RPC URLs are accepted: they also go into the page's CSP.
 */
export function readDevnet(): Devnet {
  try {
    if (process.env.PORTICO_EXAMPLE_DEVNET) {
      const devnet = parse(process.env.PORTICO_EXAMPLE_DEVNET)
      if (devnet) return devnet
    }
    const file = join(process.cwd(), '../../.portico/devnet.json')
    if (existsSync(file)) {
      const evm = JSON.parse(readFileSync(file, 'utf8')).services?.evm
      const devnet = evm && parse(JSON.stringify({ chains: evm.chains, tokens: evm.fixtures?.tokens ?? [] }))
      if (devnet) return devnet
    }
  } catch (error) {
    console.error('examples/nextjs: the devnet description could not be read; using the default ports', error)
  }
  return { chains: DEFAULT_CHAINS, tokens: [], found: false }
}
