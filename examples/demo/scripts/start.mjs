#!/usr/bin/env node
// `pnpm --filter @portico/demo run start` (and `npm run demo`): starts the EVM
// devnet (two anvil nodes with fixtures), builds the demo, serves it with
// `vite preview` on 127.0.0.1 and prints the URL. Ctrl-C, SIGTERM and SIGHUP stop
// everything it started.
//   PORT=5174         serve on another port (default 5173; the next free one if taken)
//   DEMO_SKIP_BUILD=1 serve the existing dist/
//   DEMO_NO_GATEWAY=1 do not start the gateway (@portico/server): no fiat prices
//   DEMO_NO_SOLANA=1  do not start the local SVM: the modal offers EVM only
//   DEMO_NO_POLKADOT=1 do not start chopsticks (20–40 s to start): no Polkadot in the modal
//   DEMO_NO_RELAY=1   do not start the WalletConnect relay: the QR view shows a relay error
//   DEMO_NO_COSMOS=1  do not start the Cosmos chain simulator: the modal offers no Cosmos
//   DEMO_NO_LOGIN=1   do not start the SMTP catcher, the OIDC provider and the Farcaster relay: no email /
//                     social / Farcaster login
// Farcaster login: the relay and the ID registry (on the first anvil) are local; approve a sign-in as the
// dev Farcaster account (fid 1) with the command the start prints (scripts/farcaster-approve.mjs).
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  buildAndPreview,
  createLifecycle,
  devnetSummary,
  importWorkspace,
  repoRoot,
  startDevnet,
} from '../../shared/start.mjs'

const demoRoot = join(import.meta.dirname, '..')
const lifecycle = createLifecycle()

/** The gateway's network entry for the chopsticks devnet (balances of ROC and its Assets token). */
function polkadotNetworks(dot) {
  if (!dot) return []
  const a = dot.fixtures?.asset
  return [
    {
      caipNetworkId: dot.caipNetworkId,
      name: 'Polkadot Local',
      rpcUrl: dot.httpUrl,
      wsUrl: dot.wsUrl,
      ss58Prefix: dot.ss58Prefix,
      nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
      tokens: a ? [{ id: a.id, symbol: a.symbol, name: a.name, decimals: a.decimals }] : [],
    },
  ]
}

/** The social providers the demo offers, all played by the devnet's local OpenID provider. */
const DEMO_SOCIAL = ['google', 'github', 'discord']
const DEMO_OIDC_CLIENT = { clientId: 'portico-demo', clientSecret: randomBytes(24).toString('hex') }

/** The gateway's `embeddedWallet` (email login through the SMTP catcher, social through the local provider). */
function embeddedWalletConfig(login) {
  if (!login) return undefined
  const provider = {
    ...DEMO_OIDC_CLIENT,
    issuer: login.idp.issuer,
    authorizationEndpoint: login.idp.authorizationEndpoint,
    tokenEndpoint: login.idp.tokenEndpoint,
    jwksUri: login.idp.jwksUri,
  }
  return {
    // A fresh secret per run: sessions of an old run do not outlive it (the store is fresh too).
    secret: randomBytes(32).toString('hex'),
    signerPort: 0,
    smtp: { host: '127.0.0.1', port: login.smtp.smtpPort, from: 'login@portico.localhost' },
    social: { allowLoopback: true, providers: Object.fromEntries(DEMO_SOCIAL.map((p) => [p, provider])) },
    ...(login.farcaster
      ? {
          farcaster: {
            relayUrl: login.farcaster.relay.url,
            registry: { rpcUrl: login.farcaster.rpcUrl, address: login.farcaster.registry },
          },
        }
      : {}),
  }
}

/** The gateway (optional): token balances with prices for the Account view. Returns its URL, or undefined. */
async function startGateway(devnet, solana, cosmos, bitcoin, polkadot, login) {
  try {
    const server = await importWorkspace('server', 'index')
    // The embedded store is a file (fresh each run: the devnets are fresh too).
    const dataDir = join(repoRoot, '.portico', 'demo')
    rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    const evmNetworks = devnet.chains.map((c) => ({
      caipNetworkId: `eip155:${c.chainId}`,
      name: `Anvil ${c.chainId}`,
      rpcUrl: c.rpcUrl,
      multicall3: devnet.fixtures.multicall3,
      tokens: devnet.fixtures.tokens.map(({ address, symbol, name, decimals }) => ({
        address,
        symbol,
        name,
        decimals,
      })),
      indexer: { enabled: true, fromBlock: 0, pollIntervalMs: 1000 },
      swap: { router: devnet.fixtures.dex.router },
    }))
    const m = solana?.fixtures?.splMint
    const solanaNetworks = solana
      ? [
          {
            caipNetworkId: solana.caipNetworkId,
            name: 'Local SVM',
            rpcUrl: solana.rpcUrl,
            tokens: m ? [{ mint: m.mint, symbol: m.symbol, name: m.name, decimals: m.decimals }] : [],
          },
        ]
      : []
    const config = server.resolveConfig({
      port: 0,
      databaseUrl: `sqlite:${join(dataDir, 'gateway.sqlite')}`,
      logLevel: 'warn',
      networks: [
        ...evmNetworks,
        ...solanaNetworks,
        ...(cosmos?.gateway ?? []),
        ...polkadotNetworks(polkadot),
        ...(bitcoin
          ? [
              {
                caipNetworkId: bitcoin.caipNetworkId,
                name: 'Bitcoin Regtest',
                esploraUrl: bitcoin.esploraUrl,
              },
            ]
          : []),
      ],
      // Onramp sandbox: its checkout funds the dev wallet from dev account 9 (a published anvil key).
      onramp: { sandbox: { enabled: true, treasuryPrivateKey: devnet.fixtures.accounts[9].privateKey } },
      ...(login ? { embeddedWallet: embeddedWalletConfig(login) } : {}),
    })
    const gateway = await server.createGateway(config)
    const url = await gateway.listen()
    lifecycle.onStop(() => gateway.close())
    console.log(`  gateway ${url}`)
    const frameUrl = login ? gateway.signerUrl() : undefined
    if (frameUrl) {
      login.idp.addClient({ ...DEMO_OIDC_CLIENT, redirectUris: [`${frameUrl}/v1/auth/social/callback`] })
      console.log(`  signer  ${frameUrl}`)
    }
    return { url, frameUrl }
  } catch (error) {
    console.log(
      `  gateway not started (${error instanceof Error ? error.message.split('\n')[0] : error}); the demo runs without it`,
    )
    return undefined
  }
}

/** The SMTP catcher (the demo's inbox panel reads it) and the local OpenID provider, unless DEMO_NO_LOGIN. */
async function startLogin(devnetPkg, devnet) {
  if (process.env.DEMO_NO_LOGIN || process.env.DEMO_NO_GATEWAY) return undefined
  try {
    const smtp = await devnetPkg.startSmtpCatcher()
    lifecycle.onStop(() => smtp.close())
    const idp = await devnetPkg.startOidcProvider()
    lifecycle.onStop(() => idp.close())
    console.log(`  smtp    catcher 127.0.0.1:${smtp.smtpPort}  inbox ${smtp.httpUrl}/mail`)
    console.log(`  oidc    ${idp.issuer}`)
    return { smtp, idp, farcaster: await startFarcaster(devnetPkg, devnet) }
  } catch (error) {
    console.log(
      `  login services not started (${error instanceof Error ? error.message.split('\n')[0] : error}); no email / social login`,
    )
    return undefined
  }
}

/** The Sign In With Farcaster relay and the ID registry on the first anvil (the dev custody key is fid 1). */
async function startFarcaster(devnetPkg, devnet) {
  try {
    const rpcUrl = devnet.chains[0].rpcUrl
    const fid = await devnetPkg.installIdRegistry(rpcUrl)
    const relay = await devnetPkg.startFarcasterRelay()
    lifecycle.onStop(() => relay.close())
    console.log(`  farcaster relay ${relay.url}  registry ${devnetPkg.ID_REGISTRY_ADDRESS} (fid ${fid})`)
    console.log(
      `            approve a sign-in: node examples/demo/scripts/farcaster-approve.mjs --relay ${relay.url} '<link from Copy link>'`,
    )
    return { relay, rpcUrl, registry: devnetPkg.ID_REGISTRY_ADDRESS }
  } catch (error) {
    console.log(
      `  farcaster not started (${error instanceof Error ? error.message.split('\n')[0] : error}); no Farcaster login`,
    )
    return undefined
  }
}

try {
  const t0 = Date.now()
  const devnet = await startDevnet(lifecycle)
  const devnetPkg = await importWorkspace('devnet', 'index')
  let solana
  if (!process.env.DEMO_NO_SOLANA) {
    const sol = await devnetPkg.startSolanaDevnet({ port: 0 })
    lifecycle.onStop(() => sol.stop())
    console.log(`  devnet  solana ${sol.caipNetworkId}  ${sol.rpcUrl}`)
    solana = {
      rpcUrl: sol.rpcUrl,
      genesisHash: sol.genesisHash,
      caipNetworkId: sol.caipNetworkId,
      fixtures: devnetPkg.solanaFixturesToJson(sol.fixtures),
    }
  }
  let cosmos
  if (!process.env.DEMO_NO_COSMOS) {
    // The Cosmos chain simulator (no Cosmos SDK node runs here): two chains, different prefixes.
    const sim = await devnetPkg.startCosmosDevnet({ port: 0 })
    lifecycle.onStop(() => sim.stop())
    for (const c of sim.chains) console.log(`  devnet  ${c.caipNetworkId}  ${c.rpcUrl}`)
    const chains = sim.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
      chainId,
      bech32Prefix,
      rpcUrl,
      restUrl,
      caipNetworkId,
    }))
    // What the gateway reads bank balances from (its Cosmos network config).
    const gateway = sim.chains.map((c) => ({
      caipNetworkId: c.caipNetworkId,
      name: c.spec.name,
      rpcUrl: c.rpcUrl,
      restUrl: c.restUrl,
      bech32Prefix: c.bech32Prefix,
      currencies: c.spec.denoms,
    }))
    cosmos = { chains, fixtures: { accounts: sim.fixtures.accounts }, gateway }
  }
  let bitcoin
  if (!process.env.DEMO_NO_BITCOIN) {
    const btc = await devnetPkg.startBitcoinDevnet({ port: 0 })
    lifecycle.onStop(() => btc.stop())
    console.log(`  devnet  bitcoin ${btc.caipNetworkId}  ${btc.esploraUrl}`)
    bitcoin = {
      esploraUrl: btc.esploraUrl,
      caipNetworkId: btc.caipNetworkId,
      fixtures: { mnemonic: btc.fixtures.mnemonic },
    }
  }
  let polkadot
  if (!process.env.DEMO_NO_POLKADOT) {
    // chopsticks runs as its own process (its log: .portico/demo-polkadot.log).
    mkdirSync(join(repoRoot, '.portico'), { recursive: true })
    const logFile = join(repoRoot, '.portico', 'demo-polkadot.log')
    polkadot = await devnetPkg.spawnPolkadotDevnet({ port: 0, detached: false, logFile })
    lifecycle.onStop(() => {
      for (const pid of polkadot.pids) process.kill(pid, 'SIGTERM')
    })
    console.log(`  devnet  polkadot ${polkadot.caipNetworkId}  ${polkadot.wsUrl}`)
  }
  let exchange
  if (!process.env.DEMO_NO_EXCHANGE) {
    // "Pay from an exchange": the sandbox exchange pays from its own treasury (funded by dev account 9).
    const sandbox = await devnetPkg.startExchangeSandbox({
      chains: devnet.chains,
      tokens: devnet.fixtures.tokens,
      funderKey: devnet.fixtures.accounts[9].privateKey,
    })
    lifecycle.onStop(() => sandbox.close())
    console.log(`  exchange sandbox  ${sandbox.url}  (login: any name, password devnet)`)
    exchange = { url: sandbox.url }
  }
  let walletconnect
  if (!process.env.DEMO_NO_RELAY) {
    const relay = await devnetPkg.startWalletConnectRelay({ port: 0 })
    lifecycle.onStop(() => relay.stop())
    console.log(`  relay   walletconnect  ${relay.url}`)
    walletconnect = { url: relay.url }
  }
  const login = await startLogin(devnetPkg, devnet)
  const gateway = process.env.DEMO_NO_GATEWAY
    ? undefined
    : await startGateway(devnet, solana, cosmos, bitcoin, polkadot, login)
  const apiUrl = gateway?.url
  process.env.PORTICO_DEMO_DEVNET = JSON.stringify({
    ...devnetSummary(devnet),
    apiUrl,
    ...(gateway?.frameUrl
      ? {
          embeddedWallet: {
            frameUrl: gateway.frameUrl,
            socialProviders: DEMO_SOCIAL,
            farcaster: Boolean(login.farcaster),
          },
          // Dev only: the page lists the caught mails (login codes) so nobody needs a real mailbox.
          inbox: { url: login.smtp.httpUrl },
        }
      : {}),
    solana,
    cosmos: cosmos && { chains: cosmos.chains, fixtures: cosmos.fixtures },
    walletconnect,
    bitcoin,
    polkadot,
    exchange,
  })

  const url = await buildAndPreview(lifecycle, {
    configFile: join(demoRoot, 'vite.config.ts'),
    port: Number(process.env.PORT ?? 5173),
    skipBuild: Boolean(process.env.DEMO_SKIP_BUILD),
  })
  console.log(
    `\n  Portico demo ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${url}\n  Ctrl-C stops the demo and the devnet.\n`,
  )
} catch (error) {
  console.error(error)
  await lifecycle.shutdown(1)
}
