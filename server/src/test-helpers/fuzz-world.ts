// The fuzzer's world: the gateway configured as `portico-server --devnet` configures it
// (the anvil chains with their indexer, DEX, ENS stand-in and NFTs, the local SVM, the
// Bitcoin regtest node, the Cosmos simulator, the onramp sandbox, the RPC proxy) plus
// email, social and Farcaster login on the signer listener — every optional route group on.
// Nodes come from @portico/devnet, as in every other server test; none is shared across files
// (vitest runs files in separate workers).
import { createHash } from 'node:crypto'
import {
  type BitcoinDevnet,
  type CosmosDevnet,
  type EvmDevnet,
  ID_REGISTRY_ADDRESS,
  installIdRegistry,
  type SolanaDevnet,
  startBitcoinDevnet,
  startCosmosDevnet,
  startEvmDevnet,
  startFarcasterRelay,
  startOidcProvider,
  startSmtpCatcher,
  startSolanaDevnet,
} from '@portico/devnet'
import { frameFiles } from '@portico/signer'
import { devnetStateNetworks } from '../config/index.js'
import { withDevnetSandbox } from '../onramp/config.js'
import type { Database } from '../storage/index.js'
import { startTestGateway, type TestGateway } from './gateway.js'

export const FUZZ_PROJECT = 'fuzz'
export const FUZZ_ORIGIN = 'https://fuzz.example'

export interface FuzzWorld {
  t: TestGateway
  /** The signer listener's base URL (auth routes, the frame). */
  signerUrl: string
  /** Values the devnet knows (accounts, tokens, contracts, chain ids): the generator mixes them into strings. */
  examples: string[]
  evm: EvmDevnet
  close(): Promise<void>
}

/** Starts the nodes and the fully configured gateway on `kind`; waits until the indexer has read every block. */
export async function startFuzzWorld(kind: 'sqlite' | 'postgres'): Promise<FuzzWorld> {
  // The anvil fixtures first, alone: their deploy waits on anvil with short time-outs, which a
  // loaded machine starting the other nodes at the same moment can miss.
  const evm = await startEvmDevnet()
  const [svm, btc, cosmos, smtp, idp, relay] = await Promise.all([
    startSolanaDevnet(),
    startBitcoinDevnet(),
    startCosmosDevnet(),
    startSmtpCatcher(),
    startOidcProvider(),
    startFarcasterRelay(),
  ] as const).catch(async (error) => {
    await evm.stop()
    throw error
  })
  const stops: (() => Promise<unknown>)[] = [
    () => evm.stop(),
    () => svm.stop(),
    () => btc.stop(),
    () => cosmos.stop(),
    () => smtp.close(),
    () => idp.close(),
    () => relay.close(),
  ]
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch((error) => console.error('fuzz world stop:', error))
  }
  try {
    await installIdRegistry(evm.chains[0]!.rpcUrl)
    const networks = devnetStateNetworks(stateOf(evm, svm, btc, cosmos))
    const t = await startTestGateway(
      kind,
      withDevnetSandbox({
        networks,
        projects: [
          {
            id: FUZZ_PROJECT,
            name: 'Fuzz',
            allowedOrigins: [FUZZ_ORIGIN],
            secret: 'fuzz-secret-0123456789',
            features: { analytics: true },
            rateLimit: { max: 1_000_000, windowMs: 60_000 },
          },
        ],
        rpc: { rankIntervalMs: 0, callLimit: { max: 1_000_000, windowMs: 60_000 } },
        embeddedWallet: {
          secret: 'fuzz-embedded-wallet-secret-0123456789abcdef',
          signerPort: 0,
          smtp: { host: smtp.host, port: smtp.smtpPort, from: 'login@portico.test' },
          social: {
            allowLoopback: true,
            providers: {
              google: {
                clientId: 'portico-fuzz',
                clientSecret: 'fuzz-secret',
                issuer: idp.issuer,
                authorizationEndpoint: idp.authorizationEndpoint,
                tokenEndpoint: idp.tokenEndpoint,
                jwksUri: idp.jwksUri,
              },
            },
          },
          farcaster: {
            relayUrl: relay.url,
            registry: { rpcUrl: evm.chains[0]!.rpcUrl, address: ID_REGISTRY_ADDRESS },
          },
        },
      }),
    )
    stops.push(() => t.close())
    const signerUrl = t.gateway.signerUrl()
    if (!signerUrl) throw new Error('the signer listener did not start')
    await waitForIndexer(t)
    return {
      t,
      signerUrl,
      examples: [
        ...examplesOf(evm, svm, btc, cosmos),
        // The frame's namespace modules (`/chains/<name>.js` on the signer listener).
        ...[...(await frameFiles()).keys()].flatMap((f) => (f.startsWith('/chains/') ? [f.slice(8)] : [])),
      ],
      evm,
      close: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/** The devnet state file's shape, as `portico-devnet start` writes it, from the nodes started here. */
function stateOf(evm: EvmDevnet, svm: SolanaDevnet, btc: BitcoinDevnet, cosmos: CosmosDevnet) {
  return {
    services: {
      evm: { chains: evm.chains, fixtures: evm.fixtures },
      solana: { rpcUrl: svm.rpcUrl, caipNetworkId: svm.caipNetworkId, fixtures: svm.fixtures },
      bitcoin: { esploraUrl: btc.esploraUrl, caipNetworkId: btc.caipNetworkId },
      cosmos: { chains: cosmos.chains },
    },
  }
}

function examplesOf(evm: EvmDevnet, svm: SolanaDevnet, btc: BitcoinDevnet, cosmos: CosmosDevnet): string[] {
  const f = evm.fixtures
  const evmAddresses = [
    ...f.accounts.slice(0, 3).map((a) => a.address),
    ...f.tokens.map((t) => t.address),
    f.collectible.address,
    f.multiToken.address,
    f.dex.router,
  ]
  const chains = evm.chains.map((c) => `eip155:${c.chainId}`)
  const out = [
    ...evmAddresses,
    ...evmAddresses.map((a) => a.toLowerCase()),
    ...chains,
    ...chains.flatMap((c) => evmAddresses.slice(0, 4).map((a) => `${c}:${a}`)),
    ...chains.map((c) => `${c}:native`),
    ...evm.chains.map((c) => String(c.chainId)),
    svm.caipNetworkId,
    ...svm.fixtures.devKeypairs.map((k) => k.address),
    svm.fixtures.splMint.mint,
    `${svm.caipNetworkId}:${svm.fixtures.devKeypairs[0]!.address}`,
    btc.caipNetworkId,
    ...btc.fixtures.devAccounts.slice(0, 2).map((a) => a.payment.address),
    ...cosmos.chains.map((c) => c.caipNetworkId),
    ...cosmos.fixtures.accounts.slice(0, 2).flatMap((a) => Object.values(a.addresses)),
    '1',
    '0',
    'usd',
    'eur',
    'USDC',
    'ETH',
    'alice.eth',
    'alice.portico.id',
    'fuzz@portico.test',
    FUZZ_PROJECT,
    FUZZ_ORIGIN,
    'google',
    'farcaster',
    'ethereum',
    'metamask',
  ]
  return [...new Set(out)]
}

/** Waits (up to 60 s) until the indexer's cursor has passed every chain's head. */
async function waitForIndexer(t: TestGateway) {
  const until = Date.now() + 60_000
  for (;;) {
    const res = await fetch(`${t.url}/healthz`)
    const body = (await res.json()) as { indexer?: Record<string, number | null> }
    const cursors = Object.values(body.indexer ?? {})
    if (cursors.length > 0 && cursors.every((c) => c !== null && c > 1)) return
    if (Date.now() > until) throw new Error(`the indexer did not catch up: ${JSON.stringify(body)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Every table of the database, from its own catalog (not a hand list). */
export async function tableNames(db: Database): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.query<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await db.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
        )
  return rows.map((r) => r.name)
}

/**
 * A function giving a digest of every row of every table (content, not counts: an UPDATE
 * shows), one statement per call. Table names come from the catalog, columns from each
 * table's own description; both are quoted as identifiers.
 */
export async function tableDigester(
  db: Database,
  tables: readonly string[],
): Promise<() => Promise<Record<string, string>>> {
  const id = (name: string) => `"${name.replaceAll('"', '""')}"`
  const literal = (name: string) => `'${name.replaceAll("'", "''")}'`
  let sql: string
  if (db.dialect === 'postgres') {
    sql = tables
      .map(
        (name) =>
          `SELECT ${literal(name)} AS name, COUNT(*) || ':' || md5(COALESCE(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS body FROM ${id(name)} x`,
      )
      .join(' UNION ALL ')
  } else {
    const parts: string[] = []
    for (const name of tables) {
      const columns = await db.query<{ name: string }>(`SELECT name FROM pragma_table_info(${literal(name)})`)
      // quote() renders any value (BLOBs too) as an SQL literal: the row's exact text.
      const row = columns.map((c) => `quote(${id(c.name)})`).join(` || ',' || `)
      parts.push(
        `SELECT ${literal(name)} AS name, COUNT(*) || ':' || COALESCE(group_concat(${row}, char(10)), '') AS body FROM ${id(name)}`,
      )
    }
    sql = parts.join(' UNION ALL ')
  }
  return async () => {
    const rows = await db.query<{ name: string; body: string }>(sql)
    return Object.fromEntries(
      rows.map((r) => [
        r.name,
        db.dialect === 'postgres' ? r.body : createHash('sha256').update(r.body).digest('hex'),
      ]),
    )
  }
}
