import { readFileSync } from 'node:fs'
import { devnetStatePaymaster } from '../paymaster/devnet.js'
import { ConfigError } from './errors.js'

// The parts of `.portico/devnet.json` (written by `portico-devnet start`) the gateway reads.
// Typed here rather than imported, so the gateway does not depend on @portico/devnet at run time.
interface DevnetStateFile {
  services?: {
    evm?: {
      chains?: { chainId: number; rpcUrl: string }[]
      fixtures?: {
        multicall3?: string
        tokens?: { address: string; symbol: string; name: string; decimals: number }[]
        dex?: { router?: string }
        ens?: { universalResolver?: string }
      }
    }
    cosmos?: {
      chains?: {
        caipNetworkId: string
        rpcUrl: string
        restUrl: string
        bech32Prefix: string
        spec?: { name?: string; denoms?: { denom: string; symbol: string; decimals: number }[] }
      }[]
    }
    solana?: {
      rpcUrl: string
      caipNetworkId: string
      fixtures?: { splMint?: { mint: string; symbol: string; name: string; decimals: number } }
    }
    bitcoin?: { esploraUrl: string; caipNetworkId: string }
    polkadot?: {
      httpUrl: string
      wsUrl?: string
      caipNetworkId: string
      ss58Prefix: number
      fixtures?: { asset?: { id: number; symbol: string; name: string; decimals: number } }
    }
  }
}

/**
 * Network entries for the local world recorded in a `devnet.json`: each anvil
 * chain (Multicall3, fixture tokens, the DEX router, the ENS stand-in), the local SVM (`solana:<prefix>`,
 * its RPC URL and the SPL fixture mint), the Bitcoin regtest node (its Esplora URL), the
 * Cosmos simulator's chains (`cosmos:<chain id>`, REST URL, prefix, denoms) and the chopsticks
 * Polkadot devnet (`polkadot:4545…`, its HTTP URL, prefix and the Assets fixture). Used by `portico-server --devnet`.
 *
 * @example
 * const networks = devnetStateNetworks(JSON.parse(readFileSync('.portico/devnet.json', 'utf8')))
 */
export function devnetStateNetworks(state: unknown): Record<string, unknown>[] {
  const services = (state as DevnetStateFile | null)?.services ?? {}
  const out: Record<string, unknown>[] = []
  const evm = services.evm
  for (const c of evm?.chains ?? []) {
    out.push({
      caipNetworkId: `eip155:${c.chainId}`,
      name: `Devnet ${c.chainId}`,
      rpcUrl: c.rpcUrl,
      // Local anvil: blocks are final at once, indexing may start at 0.
      devnet: true,
      // History and NFTs come from the indexer: the local world has it on (from block 0, following the head).
      indexer: { enabled: true, fromBlock: 0, confirmations: 0, pollIntervalMs: 1000 },
      ...(evm?.fixtures?.multicall3 ? { multicall3: evm.fixtures.multicall3 } : {}),
      ...(evm?.fixtures?.dex?.router ? { swap: { router: evm.fixtures.dex.router } } : {}),
      // The devnet's ENS stand-in: `alice.eth` resolves forward, reverse names where set.
      ...(evm?.fixtures?.ens?.universalResolver
        ? { ens: { universalResolver: evm.fixtures.ens.universalResolver } }
        : {}),
      tokens: (evm?.fixtures?.tokens ?? []).map(({ address, symbol, name, decimals }) => ({
        address,
        symbol,
        name,
        decimals,
      })),
    })
  }
  const sol = services.solana
  if (sol) {
    const m = sol.fixtures?.splMint
    out.push({
      caipNetworkId: sol.caipNetworkId,
      name: 'Local SVM',
      rpcUrl: sol.rpcUrl,
      tokens: m ? [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }] : [],
    })
  }
  const btc = services.bitcoin
  if (btc) out.push({ caipNetworkId: btc.caipNetworkId, name: 'Bitcoin Regtest', esploraUrl: btc.esploraUrl })
  for (const c of services.cosmos?.chains ?? []) {
    out.push({
      caipNetworkId: c.caipNetworkId,
      name: c.spec?.name ?? c.caipNetworkId,
      rpcUrl: c.rpcUrl,
      restUrl: c.restUrl,
      bech32Prefix: c.bech32Prefix,
      currencies: (c.spec?.denoms ?? []).map(({ denom, symbol, decimals }) => ({ denom, symbol, decimals })),
    })
  }
  const dot = services.polkadot
  if (dot) {
    const a = dot.fixtures?.asset
    out.push({
      caipNetworkId: dot.caipNetworkId,
      name: 'Polkadot Local (chopsticks)',
      rpcUrl: dot.httpUrl,
      ...(dot.wsUrl ? { wsUrl: dot.wsUrl } : {}),
      ss58Prefix: dot.ss58Prefix,
      // chopsticks runs the Rococo Asset Hub spec: ROC, 12 decimals (its system.properties).
      nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
      tokens: a ? [{ id: a.id, symbol: a.symbol, name: a.name, decimals: a.decimals }] : [],
    })
  }
  return out
}

/**
 * Adds the networks of the devnet state file to a raw configuration object.
 * Networks the configuration already names (same CAIP-2 id) are kept as they are.
 * With the devnet's bundlers running, a `paymaster` section too (unless the configuration has one).
 */
export function withDevnetNetworks(input: Record<string, unknown>, file: string): Record<string, unknown> {
  let state: unknown
  try {
    state = JSON.parse(readFileSync(file, 'utf8'))
  } catch (cause) {
    throw new ConfigError(
      `cannot read the devnet state ${file} (run \`portico-devnet start\` first): ${(cause as Error).message}`,
    )
  }
  const own = Array.isArray(input.networks) ? (input.networks as { caipNetworkId?: unknown }[]) : []
  const ids = new Set(own.map((n) => n.caipNetworkId))
  const extra = devnetStateNetworks(state).filter((n) => !ids.has(n.caipNetworkId))
  if (extra.length === 0) throw new ConfigError(`the devnet state ${file} lists no running chain`)
  // The devnet's bundlers (`portico-devnet start --bundler`) bring gas sponsorship for the `local` project.
  const paymaster = input.paymaster ?? devnetStatePaymaster(state)
  return { ...input, networks: [...own, ...extra], ...(paymaster ? { paymaster } : {}) }
}
