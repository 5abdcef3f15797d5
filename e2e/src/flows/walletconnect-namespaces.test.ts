import { ApiPromise, WsProvider } from '@polkadot/api'
import { u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { addressParams } from '@portico/adapter-bitcoin'
import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import { verifyAdr036Signature } from '@portico/adapter-cosmos'
import {
  type BitcoinDevnet,
  type CosmosDevnet,
  getFreePort,
  type OutboundConnectionWatch,
  type PolkadotServiceInfo,
  spawnPolkadotDevnet,
  startBitcoinDevnet,
  startCosmosDevnet,
  startWalletConnectRelay,
  type WalletConnectRelay,
  watchOutboundConnections,
} from '@portico/devnet'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { dialog, eventually, expectView, gotoDemo, sel, textOf } from './demo.js'
import { startWalletProcess, type WalletProcess } from './wc-wallet-process.js'

// Issues 11, 12 and 13: "WalletConnect `polkadot` / `bip122` / `cosmos`
// namespace through the contract's request channel; the dev WalletConnect
// wallet supports it". For each namespace, in Chromium on the demo: Connect →
// WalletConnect → the QR's URI paired by the dev WalletConnect wallet (a real
// sign-client in a child process) over the loopback relay → the namespace's
// account and balance in Account → a message signed by the wallet and verified
// here → a transfer signed by the wallet, seen on the local chain (chopsticks,
// bcoin regtest, the Cosmos simulator) → the new balance in Account.
// The wallet holds funded dev keys the injected dev wallets do not use:
// Polkadot //Bob, Bitcoin dev account 1, Cosmos dev account 1.

/** An integer amount in base units, truncated to 3 decimals (SPEC §5). */
function truncated(value: bigint, decimals: number, symbol: string): string {
  const unit = 10n ** BigInt(decimals)
  const milli = ((value % unit) * 1000n) / unit
  return `${value / unit}.${milli.toString().padStart(3, '0')} ${symbol}`
}

/** The UI's short address: a bech32 address keeps its prefix and `1`, others show 4 … 4. */
function short(address: string): string {
  const sep = address.lastIndexOf('1')
  const hrp = /^[a-z]+1/.test(address) && sep > 0 ? address.slice(0, sep + 1) : ''
  return `${hrp}${address.slice(hrp.length, hrp.length + 4)}…${address.slice(-4)}`
}

interface NsState {
  activeNamespace?: string
  accounts: Record<string, { address?: string; status?: string } | undefined>
}
const porticoState = (page: Page): Promise<NsState> =>
  page.evaluate(() =>
    // State holds bigints (Bitcoin balances): they cross as decimal strings.
    JSON.parse(
      JSON.stringify(window.__portico!.portico.getState(), (_k, v) =>
        typeof v === 'bigint' ? v.toString() : v,
      ),
    ),
  )

interface Portico {
  signMessageDetailed(p: {
    message: string
    namespace: string
  }): Promise<{ signature: string; publicKey?: string }>
  sendTransaction(p: { namespace: string; request: unknown }): Promise<string>
}

describe('WalletConnect polkadot, bip122 and cosmos namespaces on the demo (issues 11, 12, 13)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let relay: WalletConnectRelay | undefined
  let btc: BitcoinDevnet | undefined
  let sim: CosmosDevnet | undefined
  let dot: PolkadotServiceInfo | undefined
  let api: ApiPromise | undefined
  let demo: DemoProxy | undefined
  let wallet: WalletProcess | undefined
  let outbound: OutboundConnectionWatch | undefined

  beforeAll(async () => {
    world = getWorld()
    outbound = watchOutboundConnections()
    await cryptoWaitReady()
    ;[relay, btc, sim, dot] = await Promise.all([
      startWalletConnectRelay({ port: 0 }),
      startBitcoinDevnet({ port: 0 }),
      startCosmosDevnet({ port: 0 }),
      getFreePort().then((port) => spawnPolkadotDevnet({ port, detached: false })),
    ])
    api = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl), noInitWarn: true })
    const relayUrl = relay.url
    const polkadot = {
      wsUrl: dot.wsUrl,
      httpUrl: dot.httpUrl,
      genesisHash: dot.genesisHash,
      caipNetworkId: dot.caipNetworkId,
      ss58Prefix: dot.ss58Prefix,
      fixtures: dot.fixtures,
    }
    const bitcoin = {
      esploraUrl: btc.esploraUrl,
      caipNetworkId: btc.caipNetworkId,
      fixtures: { mnemonic: btc.fixtures.mnemonic },
    }
    const cosmos = {
      chains: sim.chains.map(({ chainId, bech32Prefix, rpcUrl, restUrl, caipNetworkId }) => ({
        chainId,
        bech32Prefix,
        rpcUrl,
        restUrl,
        caipNetworkId,
      })),
      fixtures: { accounts: sim.fixtures.accounts },
    }
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      polkadot,
      bitcoin,
      cosmos,
      walletconnect: { url: relayUrl },
    }))
    wallet = await startWalletProcess({
      relayUrl,
      rpcUrls: Object.fromEntries(world.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
      polkadot: { uri: '//Bob', ss58Prefix: dot.ss58Prefix },
      bitcoin: { index: 1 },
      cosmos: {
        index: 1,
        prefixes: Object.fromEntries(sim.chains.map((c) => [c.caipNetworkId, c.bech32Prefix])),
      },
    })
  }, 180_000)

  afterAll(async () => {
    await wallet?.stop()
    await demo?.close()
    await api?.disconnect()
    await Promise.all([relay?.stop(), btc?.stop(), sim?.stop()])
    for (const pid of dot?.pids ?? []) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    outbound?.restore()
  })

  /**
   * Connect → WalletConnect → QR → the wallet pairs → the namespace is
   * connected with the wallet's address; Account is opened on that namespace
   * (its row in Account's chain list makes it active, SPEC §2).
   */
  async function connectOverWalletConnect(page: Page, namespace: string, address: string, shot: string) {
    await gotoDemo(page, demo!.url)
    await page.locator(sel.connectButton).click()
    const connect = await expectView(page, 'Connect')
    await connect.locator('[data-connector-id="walletConnect"]').first().click()
    const qr = await expectView(page, 'ConnectingWalletConnect')
    await qr.locator('[data-state="ready"]').waitFor({ timeout: 20_000 })
    const uri = await page.evaluate(() => (window.__portico as unknown as { wcUri(): string }).wcUri())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await screenshot(page, `${shot}-ConnectingWalletConnect`)
    expect(await wallet!.pair(uri)).not.toBeNull()
    await eventually(async () => {
      const s = await porticoState(page)
      expect(s.accounts[namespace]?.status).toBe('connected')
      expect(s.accounts[namespace]?.address).toBe(address)
    }, 30_000)
    const account = page.locator(sel.view('Account'))
    if (!(await account.isVisible())) {
      await dialog(page)
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined)
      if (!(await account.isVisible())) await page.locator(sel.accountButton).click()
    }
    await expectView(page, 'Account')
    if ((await porticoState(page)).activeNamespace !== namespace)
      await account.locator(`[data-namespace="${namespace}"]`).click()
    await eventually(async () => expect((await porticoState(page)).activeNamespace).toBe(namespace), 15_000)
    return expectView(page, 'Account')
  }

  async function expectAccount(page: Page, address: string, balance: string, shot: string) {
    if (!(await page.locator(sel.view('Account')).isVisible())) {
      await dialog(page)
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined)
      await page.locator(sel.accountButton).click()
    }
    const account = await expectView(page, 'Account')
    await eventually(async () => {
      expect(await textOf(account.locator('[data-testid="account-name"]'))).toBe(short(address))
      expect(await textOf(account.locator('[data-testid="account-balance"]'))).toBe(balance)
    }, 30_000)
    await screenshot(page, shot)
  }

  const portico = (page: Page) => ({
    sign: (namespace: string, message: string) =>
      page.evaluate(
        ([ns, m]) =>
          (window.__portico!.portico as unknown as Portico).signMessageDetailed({
            message: m!,
            namespace: ns!,
          }),
        [namespace, message],
      ),
    send: (namespace: string, request: Record<string, unknown>) =>
      page.evaluate(
        ([ns, r]) =>
          (window.__portico!.portico as unknown as Portico).sendTransaction({
            namespace: ns as string,
            // bigint does not cross page.evaluate: `value` travels as a decimal string.
            request: {
              ...(r as object),
              ...('value' in (r as object) ? { value: BigInt((r as { value: string }).value) } : {}),
            },
          }),
        [namespace, request] as const,
      ),
  })

  async function walletAnswered(before: number, method: string, chainId: string) {
    const seen = (await wallet!.requests())
      .slice(before)
      .filter((r) => r.method === method && r.chainId === chainId)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((r) => r.outcome === 'approved')).toBe(true)
  }

  async function disconnectFromWallet(page: Page, namespace: string) {
    await wallet!.disconnect()
    await eventually(async () => {
      expect((await porticoState(page)).accounts[namespace]?.status ?? 'disconnected').toBe('disconnected')
    }, 15_000)
    expect(outbound!.nonLoopback()).toEqual([])
    expect(await wallet!.nonLoopback()).toEqual([])
  }

  it('polkadot: connects over WalletConnect, shows Bob and his transferable ROC, signs (signatureVerify over <Bytes>), sends 1 ROC (Charlie gains it on chopsticks), shows the new balance', async () => {
    const { page, guard } = await browser.newPage()
    const bob = dot!.fixtures.devAccounts.find((a) => a.name === 'Bob')!
    const charlie = dot!.fixtures.devAccounts.find((a) => a.name === 'Charlie')!
    const transferable = async (address: string) => {
      const info = (await api!.query.system!.account!(address)) as unknown as {
        data: { free: { toBigInt(): bigint }; frozen?: { toBigInt(): bigint } }
      }
      return info.data.free.toBigInt() - (info.data.frozen?.toBigInt() ?? 0n)
    }
    expect(await wallet!.addressesOn(dot!.caipNetworkId)).toEqual([bob.address])
    await connectOverWalletConnect(page, 'polkadot', bob.address, 'wc-polkadot')
    const before = await transferable(bob.address)
    await expectAccount(page, bob.address, truncated(before, 12, 'ROC'), 'wc-polkadot-Account')
    await page.keyboard.press('Escape')

    const requests = (await wallet!.requests()).length
    const message = `Portico e2e polkadot over WalletConnect ${Date.now()}`
    const { signature } = await portico(page).sign('polkadot', message)
    expect(signatureVerify(u8aWrapBytes(message), signature, bob.address).isValid).toBe(true)
    expect(signatureVerify(u8aWrapBytes(`${message}!`), signature, bob.address).isValid).toBe(false)
    await walletAnswered(requests, 'polkadot_signMessage', dot!.caipNetworkId)

    const charlieBefore = await transferable(charlie.address)
    const hash = await portico(page).send('polkadot', { to: charlie.address, value: (10n ** 12n).toString() })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await walletAnswered(requests, 'polkadot_signTransaction', dot!.caipNetworkId)
    await eventually(
      async () => expect(await transferable(charlie.address)).toBe(charlieBefore + 10n ** 12n),
      30_000,
    )
    const after = await transferable(bob.address)
    expect(before - after).toBeGreaterThan(10n ** 12n)
    expect(before - after).toBeLessThan(10n ** 12n + 10n ** 11n)
    await expectAccount(page, bob.address, truncated(after, 12, 'ROC'), 'wc-polkadot-Account-after-send')

    await disconnectFromWallet(page, 'polkadot')
    guard.assertNoOutbound()
  }, 240_000)

  it('bitcoin: connects over WalletConnect, shows dev account 1 and its 1.000 BTC, signs (ECDSA verified), sends 0.1 BTC (regtest confirms it after a mined block), shows the new balance', async () => {
    const { page, guard } = await browser.newPage()
    const dev1 = btc!.fixtures.devAccounts[1]!
    const receiver = btc!.fixtures.devAccounts[2]!.payment.address
    const sats = async (address: string) =>
      (
        (await (await fetch(`${btc!.esploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]
      ).reduce((s, u) => s + BigInt(u.value), 0n)
    expect(await wallet!.addressesOn(btc!.caipNetworkId)).toEqual([
      dev1.payment.address,
      dev1.ordinals.address,
    ])
    await connectOverWalletConnect(page, 'bip122', dev1.payment.address, 'wc-bitcoin')
    const before = await sats(dev1.payment.address)
    expect(truncated(before, 8, 'BTC')).toBe('1.000 BTC')
    await expectAccount(page, dev1.payment.address, truncated(before, 8, 'BTC'), 'wc-bitcoin-Account')
    await page.keyboard.press('Escape')

    const requests = (await wallet!.requests()).length
    const message = `Portico e2e bitcoin over WalletConnect ${Date.now()}`
    const { signature } = await portico(page).sign('bip122', message)
    const params = addressParams(btc!.caipNetworkId)
    const verify = (m: string, protocol: 'ecdsa' | 'bip322') =>
      verifyBitcoinMessage({ message: m, address: dev1.payment.address, signature, protocol, params })
    expect(verify(message, 'ecdsa') || verify(message, 'bip322')).toBe(true)
    expect(verify(`${message}!`, 'ecdsa') || verify(`${message}!`, 'bip322')).toBe(false)
    await walletAnswered(requests, 'signMessage', btc!.caipNetworkId)

    const amount = 10_000_000n
    const receiverBefore = await sats(receiver)
    const txid = await portico(page).send('bip122', { to: receiver, value: amount.toString() })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await walletAnswered(requests, 'signPsbt', btc!.caipNetworkId)
    await btc!.mine(1)
    const tx = (await (await fetch(`${btc!.esploraUrl}/tx/${txid}`)).json()) as {
      fee: number
      status: { confirmed: boolean }
    }
    expect(tx.status.confirmed).toBe(true)
    expect(await sats(receiver)).toBe(receiverBefore + amount)
    const after = await sats(dev1.payment.address)
    expect(after).toBe(before - amount - BigInt(tx.fee))
    await expectAccount(
      page,
      dev1.payment.address,
      truncated(after, 8, 'BTC'),
      'wc-bitcoin-Account-after-send',
    )

    await disconnectFromWallet(page, 'bip122')
    guard.assertNoOutbound()
  }, 240_000)

  it('cosmos: connects over WalletConnect, shows dev account 1 and its ATOM, signs (ADR-036 verified), sends 1.5 ATOM (the simulator moves it), shows the new balance', async () => {
    const { page, guard } = await browser.newPage()
    const hub = sim!.chains[0]!
    const address = sim!.fixtures.accounts[1]!.addresses[hub.chainId]!
    const receiver = sim!.fixtures.accounts[2]!.addresses[hub.chainId]!
    const bank = async (a: string) => {
      const res = await fetch(`${hub.restUrl}/cosmos/bank/v1beta1/balances/${a}/by_denom?denom=uatom`)
      return BigInt(((await res.json()) as { balance: { amount: string } }).balance.amount)
    }
    expect(await wallet!.addressesOn(hub.caipNetworkId)).toEqual([address])
    await connectOverWalletConnect(page, 'cosmos', address, 'wc-cosmos')
    const before = await bank(address)
    await expectAccount(page, address, truncated(before, 6, 'ATOM'), 'wc-cosmos-Account')
    await page.keyboard.press('Escape')

    const requests = (await wallet!.requests()).length
    const message = `Portico e2e cosmos over WalletConnect ${Date.now()}`
    const signed = await portico(page).sign('cosmos', message)
    expect(signed.publicKey).toBe(`0x${sim!.fixtures.accounts[1]!.publicKey}`)
    const verify = (data: string) =>
      verifyAdr036Signature({
        signer: address,
        data,
        publicKey: signed.publicKey!,
        signature: signed.signature,
      })
    expect(await verify(message)).toBe(true)
    expect(await verify(`${message}!`)).toBe(false)
    await walletAnswered(requests, 'cosmos_signAmino', hub.caipNetworkId)

    const receiverBefore = await bank(receiver)
    const hash = await portico(page).send('cosmos', {
      to: receiver,
      amount: [{ denom: 'uatom', amount: '1500000' }],
    })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    await walletAnswered(requests, 'cosmos_signDirect', hub.caipNetworkId)
    await eventually(async () => expect(await bank(receiver)).toBe(receiverBefore + 1_500_000n), 20_000)
    const after = await bank(address)
    expect(after).toBeLessThan(before - 1_500_000n)
    await expectAccount(page, address, truncated(after, 6, 'ATOM'), 'wc-cosmos-Account-after-send')

    await disconnectFromWallet(page, 'cosmos')
    guard.assertNoOutbound()
  }, 240_000)
})
