import { createHmac } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { u8aWrapBytes } from '@polkadot/util'
import { base58Decode, cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { addressParams } from '@portico/adapter-bitcoin'
import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import { verifyAdr036Signature } from '@portico/adapter-cosmos'
import {
  type BitcoinDevnet,
  type CosmosDevnet,
  getFreePort,
  loginCodeOf,
  type PolkadotServiceInfo,
  type SmtpCatcher,
  spawnPolkadotDevnet,
  startBitcoinDevnet,
  startCosmosDevnet,
  startSmtpCatcher,
} from '@portico/devnet'
import { createGateway, devnetStateNetworks, type Gateway, resolveConfig } from '@portico/server'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectAccountAfterConnect, expectView, gotoDemo, textOf } from './demo.js'
import { codeFrom, requestLoginCode, setRecoveryPassphrase, typeCodeInFrame } from './embedded-login.js'

// Issue 14: "Keys generated in the frame (secp256k1 for EVM, ed25519 for Solana; other namespaces
// when their adapters exist)". One email login gives the visitor Bitcoin (P2WPKH), Cosmos and
// Polkadot (ed25519) accounts from the same 2-of-3 secret; each namespace's transfer and message
// are signed in the frame after Approve, against bcoin regtest, the Cosmos chain simulator and
// chopsticks, and checked here with each chain's own verifier.

const HUB = 'portico-hub-1'
const ROC = 10n ** 12n
const PASSPHRASE = 'correct horse battery staple'

const RECORD_MESSAGES = `if (window.top === window) {
  window.__seen = []
  addEventListener('message', (e) => {
    let data
    try { data = JSON.stringify(e.data) } catch { data = String(e.data) }
    window.__seen.push(data)
  }, true)
}`

interface NsState {
  activeNamespace?: string
  accounts: Record<string, { address?: string; status?: string; connectorId?: string } | undefined>
}
const state = (page: Page): Promise<NsState> =>
  page.evaluate(() =>
    // State carries bigints (amounts, outcomes' fees): JSON carries them as decimal strings.
    JSON.parse(
      JSON.stringify(window.__portico!.portico.getState(), (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    ),
  )

type PorticoApi = {
  signMessageDetailed(p: {
    message: string
    namespace: string
  }): Promise<{ signature: string; publicKey?: string; protocol?: string }>
}

describe('embedded wallet: Bitcoin, Cosmos and Polkadot keys (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let btc: BitcoinDevnet | undefined
  let sim: CosmosDevnet | undefined
  let dot: PolkadotServiceInfo | undefined
  let api: ApiPromise | undefined
  let provider: WsProvider | undefined
  let gateway: Gateway | undefined
  let demo: DemoProxy | undefined

  const sats = async (address: string) =>
    (
      (await (await fetch(`${btc!.esploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]
    ).reduce((s, u) => s + BigInt(u.value), 0n)
  const transferable = async (address: string) => {
    const info = (await api!.query.system!.account!(address)) as unknown as {
      data: { free: { toBigInt(): bigint } }
    }
    return info.data.free.toBigInt()
  }

  beforeAll(async () => {
    world = getWorld()
    await cryptoWaitReady()
    ;[smtp, btc, sim, dot] = await Promise.all([
      startSmtpCatcher(),
      startBitcoinDevnet({ port: 0 }),
      startCosmosDevnet({ port: 0 }),
      getFreePort().then((port) => spawnPolkadotDevnet({ port, detached: false })),
    ])
    provider = new WsProvider(dot.wsUrl)
    api = await ApiPromise.create({ provider, noInitWarn: true })
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
        ],
        networks: [
          ...devnetStateNetworks({ services: { cosmos: { chains: sim.chains }, polkadot: dot } }),
          { caipNetworkId: btc.caipNetworkId, name: 'Bitcoin Regtest', esploraUrl: btc.esploraUrl },
        ],
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-chains',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    const frameUrl = gateway.signerUrl() as string
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      bitcoin: {
        esploraUrl: btc!.esploraUrl,
        caipNetworkId: btc!.caipNetworkId,
        fixtures: { mnemonic: btc!.fixtures.mnemonic },
      },
      cosmos: {
        chains: sim!.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
          chainId,
          bech32Prefix,
          rpcUrl,
          restUrl,
          caipNetworkId,
        })),
        fixtures: { accounts: sim!.fixtures.accounts },
      },
      polkadot: {
        wsUrl: dot!.wsUrl,
        httpUrl: dot!.httpUrl,
        genesisHash: dot!.genesisHash,
        caipNetworkId: dot!.caipNetworkId,
        ss58Prefix: dot!.ss58Prefix,
        fixtures: dot!.fixtures,
      },
      embeddedWallet: { frameUrl },
    }))
  }, 180_000)

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await api?.disconnect()
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    await sim?.stop()
    await btc?.stop()
    await smtp?.close()
  })

  const frameOf = (page: Page) => page.frameLocator('iframe[data-portico-signer]')

  async function login(page: Page, email: string) {
    const { code } = await requestLoginCode(page, email, codeFrom(smtp!))
    await typeCodeInFrame(page, code)
    await setRecoveryPassphrase(page, PASSPHRASE)
  }

  /** axe on the signer frame's card, in the light and the dark scheme: serious and critical violations. */
  async function frameViolations(page: Page): Promise<string[]> {
    const found: string[] = []
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      const results = await new AxeBuilder({ page })
        .include({ fromFrames: ['iframe[data-portico-signer]', '.card'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      for (const v of results.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          found.push(
            `${scheme} ${v.impact} ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join('; ')}`,
          )
    }
    await page.emulateMedia({ colorScheme: null })
    return found
  }

  /** Starts `run` in the page, waits for the frame's card, returns its text and the pending result. */
  async function withCard<T>(page: Page, run: () => Promise<T>) {
    const pending = run()
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await approve.waitFor({ timeout: 30_000 })
    return { card: await textOf(frameOf(page).locator('.card')), approve, pending }
  }

  const sign = (page: Page, namespace: string, message: string) =>
    page.evaluate(
      ([m, ns]) =>
        (window.__portico!.portico as unknown as PorticoApi).signMessageDetailed({
          message: m!,
          namespace: ns!,
        }),
      [message, namespace],
    )
  /** `portico.sendTransaction` in the page; bigint values cross as `{ $bigint }`. */
  const send = (page: Page, namespace: string, request: Record<string, unknown>) =>
    page.evaluate(
      ([ns, json]) =>
        (
          window.__portico!.portico as unknown as {
            sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
          }
        ).sendTransaction({
          namespace: ns!,
          request: JSON.parse(json!, (_k, v) =>
            v && typeof v === 'object' && '$bigint' in v ? BigInt(v.$bigint) : v,
          ),
        }),
      [
        namespace,
        JSON.stringify(request, (_k, v) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)),
      ],
    )

  it('one email login connects Bitcoin, Cosmos and Polkadot; each signs a message (verified by its chain’s verifier) and a transfer after Approve in the frame, and the receiver gains exactly the amount', async () => {
    const { page, context } = await browser.newPage()
    await context.addInitScript(RECORD_MESSAGES)
    // The frame fetches each namespace's keys script on its first request (only then).
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/chains/')) scripts.push(new URL(r.url()).pathname)
    })
    await gotoDemo(page, demo!.url)
    await login(page, `chains-${Date.now()}@example.com`)
    await page.waitForFunction(
      () => {
        const a = (window.__portico!.portico.getState() as { accounts: Record<string, { status?: string }> })
          .accounts
        return ['eip155', 'bip122', 'cosmos', 'polkadot'].every((ns) => a[ns]?.status === 'connected')
      },
      null,
      { timeout: 60_000 },
    )
    expect(scripts.sort()).toEqual(['/chains/bitcoin.js', '/chains/cosmos.js', '/chains/polkadot.js'])
    const s = await state(page)
    for (const ns of ['bip122', 'cosmos', 'polkadot'])
      expect(s.accounts[ns]?.connectorId).toBe('embeddedWallet')
    const btcAddress = s.accounts.bip122!.address as string
    const cosmosAddress = s.accounts.cosmos!.address as string
    const dotAddress = s.accounts.polkadot!.address as string
    expect(btcAddress).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/)
    expect(cosmosAddress).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    // SS58 with the devnet's prefix; an ed25519 public key.
    expect(api!.createType('AccountId', dotAddress).toString()).toBe(dotAddress)

    // Account on Bitcoin shows the embedded wallet's address.
    const account = await expectAccountAfterConnect(page)
    await account.locator('[data-namespace="bip122"]').click()
    await screenshot(page, 'embedded-chains-Account-bitcoin')
    await page.keyboard.press('Escape')

    // —— Bitcoin ——
    // Fund: a block reward to the wallet, matured by 100 more blocks.
    await btc!.mine(1, btcAddress)
    await btc!.mine(100)
    await eventually(async () => expect(await sats(btcAddress)).toBeGreaterThan(0n), 20_000)
    const btcMessage = 'Portico embedded Bitcoin message'
    const signedBtc = await withCard(page, () => sign(page, 'bip122', btcMessage))
    expect(signedBtc.card).toContain(btcMessage)
    await signedBtc.approve.click()
    const btcSigned = await signedBtc.pending
    const verifyBtc = (message: string) =>
      verifyBitcoinMessage({
        message,
        address: btcAddress,
        signature: btcSigned.signature,
        protocol: btcSigned.protocol === 'bip322' ? 'bip322' : 'ecdsa',
        params: addressParams(btc!.caipNetworkId),
      })
    expect(await verifyBtc(btcMessage)).toBe(true)
    expect(await verifyBtc(`${btcMessage}!`)).toBe(false)
    const btcReceiver = btc!.fixtures.devAccounts[1]!.payment.address
    const btcBefore = await sats(btcReceiver)
    const sentBtc = await withCard(page, () => send(page, 'bip122', { to: btcReceiver, value: 25_000n }))
    expect(sentBtc.card).toContain(btcReceiver)
    expect(sentBtc.card).toContain('0.00025000')
    await screenshot(page, 'embedded-chains-approve-bitcoin')
    expect(await frameViolations(page)).toEqual([])
    await sentBtc.approve.click()
    expect(await sentBtc.pending).toMatch(/^[0-9a-f]{64}$/)
    await btc!.mine(1)
    await eventually(async () => expect((await sats(btcReceiver)) - btcBefore).toBe(25_000n), 20_000)

    // —— Cosmos ——
    sim!.chain(HUB).store.mint(cosmosAddress, 'uatom', 5_000_000n)
    const cosmosMessage = 'Portico embedded Cosmos message'
    const signedCosmos = await withCard(page, () => sign(page, 'cosmos', cosmosMessage))
    expect(signedCosmos.card).toContain(cosmosMessage)
    await signedCosmos.approve.click()
    const cosmosSigned = await signedCosmos.pending
    const verifyCosmos = (data: string) =>
      verifyAdr036Signature({
        signer: cosmosAddress,
        data,
        publicKey: cosmosSigned.publicKey!,
        signature: cosmosSigned.signature,
      })
    expect(await verifyCosmos(cosmosMessage)).toBe(true)
    expect(await verifyCosmos(`${cosmosMessage}!`)).toBe(false)
    const cosmosReceiver = sim!.fixtures.accounts[2]!.addresses[HUB]!
    const uatomBefore = sim!.chain(HUB).store.balance(cosmosReceiver, 'uatom')
    const sentCosmos = await withCard(page, () =>
      send(page, 'cosmos', { to: cosmosReceiver, amount: [{ denom: 'uatom', amount: '1000000' }] }),
    )
    expect(sentCosmos.card).toContain(cosmosReceiver)
    await screenshot(page, 'embedded-chains-approve-cosmos')
    await sentCosmos.approve.click()
    await sentCosmos.pending
    await eventually(
      async () =>
        expect(sim!.chain(HUB).store.balance(cosmosReceiver, 'uatom') - uatomBefore).toBe(1_000_000n),
      20_000,
    )

    // —— Polkadot ——
    // Fund it as chopsticks funds its dev accounts: the account's storage set on the head.
    await provider!.send('dev_setStorage', [
      { System: { Account: [[[dotAddress], { providers: 1, data: { free: (100n * ROC).toString() } }]] } },
    ])
    await eventually(async () => expect(await transferable(dotAddress)).toBe(100n * ROC), 30_000)
    const dotMessage = 'Portico embedded Polkadot message'
    const signedDot = await withCard(page, () => sign(page, 'polkadot', dotMessage))
    expect(signedDot.card).toContain(dotMessage)
    await signedDot.approve.click()
    const dotSignature = (await signedDot.pending).signature
    expect(signatureVerify(u8aWrapBytes(dotMessage), dotSignature, dotAddress).isValid).toBe(true)
    expect(signatureVerify(u8aWrapBytes(`${dotMessage}!`), dotSignature, dotAddress).isValid).toBe(false)
    const charlie = dot!.fixtures.devAccounts.find((a) => a.name === 'Charlie')!
    const charlieBefore = await transferable(charlie.address)
    const sentDot = await withCard(page, () => send(page, 'polkadot', { to: charlie.address, value: ROC }))
    await screenshot(page, 'embedded-chains-approve-polkadot')
    // Issue 29: the call decoded with the runtime's metadata (from the gateway on the frame's own origin):
    // pallet.method, the receiver and the exact amount, and no blind-signing warning.
    expect(sentDot.card).toMatch(/Call: Balances\.transfer_(keep_alive|allow_death)/)
    expect(sentDot.card).toContain(`dest: Id(${charlie.address})`)
    expect(sentDot.card).toContain(`value: ${ROC}`)
    expect(sentDot.card).not.toContain('not decoded')
    await sentDot.approve.click()
    await sentDot.pending
    await eventually(
      async () => expect(await transferable(charlie.address)).toBe(charlieBefore + ROC),
      60_000,
    )

    // Reject in the frame: a typed rejection, nothing signed, nothing moved.
    const declined = send(page, 'cosmos', {
      to: cosmosReceiver,
      amount: [{ denom: 'uatom', amount: '1000' }],
    }).then(
      () => 'sent',
      (e: Error) => e.message,
    )
    const receiverNow = sim!.chain(HUB).store.balance(cosmosReceiver, 'uatom')
    await frameOf(page).getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 })
    expect(await declined).toMatch(/UserRejectedRequestError/)
    expect(sim!.chain(HUB).store.balance(cosmosReceiver, 'uatom')).toBe(receiverNow)

    // Export: the frame's card lists the three keys; each is the HMAC derivation of the EVM key shown.
    const exportAccount = await expectAccountAfterConnect(page)
    await exportAccount.locator('[data-action-id="embedded-export-key"]').click()
    const view = await expectView(page, 'ExportPrivateKey')
    const since = Date.now()
    await view.getByRole('button', { name: 'Email me a code' }).click()
    const mail = await eventually(async () => {
      const m = smtp!
        .mails()
        .find((x) => x.receivedAt >= since && x.subject.includes('export your private key'))
      if (!m) throw new Error('no export mail yet')
      return m
    }, 30_000)
    // Issue 29: the export code is typed in the frame's own card, never on the page.
    const codeCard = frameOf(page).locator('form[data-code="export"]')
    await codeCard.waitFor({ timeout: 20_000 })
    await codeCard.locator('input[name="code"]').fill(loginCodeOf(mail) as string)
    const card = frameOf(page).locator('[data-export]')
    await card.waitFor({ timeout: 30_000 })
    await screenshot(page, 'embedded-chains-export')
    expect(await frameViolations(page)).toEqual([])
    const evmKey = Buffer.from((await textOf(card.locator('[data-export-key]'))).slice(2), 'hex')
    const keys = await card.locator('[data-export-chain-key]').allTextContents()
    expect(keys).toHaveLength(3)
    const derived = (label: string) => createHmac('sha256', label).update(evmKey).digest('hex')
    const cosmosKey = derived('portico embedded wallet / cosmos secp256k1 / v1')
    const polkadotSeed = derived('portico embedded wallet / polkadot ed25519 / v1')
    expect(keys[1]!.replace(/^0x/, '')).toBe(cosmosKey)
    expect(keys[2]!.replace(/^0x/, '')).toBe(polkadotSeed)
    // Bitcoin's WIF: base58check of 0x80, the key, 0x01 (compressed) — the key is the HMAC derivation too.
    const btcKey = derived('portico embedded wallet / bitcoin secp256k1 / v1')
    expect(Buffer.from(base58Decode(keys[0]!)).toString('hex').slice(2, 66)).toBe(btcKey)

    // No message the dApp page received holds any of those keys or the wallet's secret.
    const seen = (await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).join('\n')
    expect(seen).toContain(btcSigned.signature) // the scan saw the replies
    for (const secret of [btcKey, cosmosKey, polkadotSeed, evmKey.toString('hex'), keys[0]!])
      expect(seen.toLowerCase()).not.toContain(secret.toLowerCase())
    await card.getByRole('button', { name: 'Close and hide' }).click()
  }, 420_000)
})
