import { createHmac, createPrivateKey, createPublicKey, verify } from 'node:crypto'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import {
  getEvmFixtures,
  type SmtpCatcher,
  type SolanaDevnet,
  solanaFixturesToJson,
  startSmtpCatcher,
  startSolanaDevnet,
} from '@portico/devnet'
import { createGateway, type Gateway, resolveConfig } from '@portico/server'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoProxy, screenshot, serveDemoWith, useBrowser } from '../harness/index.js'
import { type E2eWorld, getWorld } from '../harness/world.js'
import { eventually, expectAccountAfterConnect, expectView, gotoDemo, porticoState, textOf } from './demo.js'
import { codeFrom, emailLogin } from './embedded-login.js'

// Issue 14: "Keys generated in the frame (secp256k1 for EVM, ed25519 for Solana …)". The embedded
// wallet's Solana key comes from the same 2-of-3 secret as its EVM key; its connector hands the
// Solana adapter a request channel, so Account on Solana shows the address and balance and a SOL
// send signs in the frame after Approve, against the local SVM (litesvm behind devnet's RPC).

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
const lamportsOf = async (url: string, address: string) =>
  BigInt((await rpc<{ value: number }>(url, 'getBalance', [address, { commitment: 'confirmed' }])).value)

/** The UI's short base58 address: 4 … 4. */
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

const RECORD_MESSAGES = `if (window.top === window) {
  window.__seen = []
  addEventListener('message', (e) => {
    let data
    try { data = JSON.stringify(e.data) } catch { data = String(e.data) }
    window.__seen.push({ origin: e.origin, data })
  }, true)
}`

/** shamir-secret-sharing as the gateway's package resolves it (the test rebuilds the key from the two shares). */
async function shamir(): Promise<{ combine(shares: Uint8Array[]): Promise<Uint8Array> }> {
  const req = createRequire(import.meta.resolve('@portico/server'))
  return import(pathToFileURL(req.resolve('shamir-secret-sharing')).href)
}

describe('embedded wallet: Solana keys (issue 14)', () => {
  const browser = useBrowser()
  let world: E2eWorld & { demoUrl: string }
  let smtp: SmtpCatcher | undefined
  let gateway: Gateway | undefined
  let sol: SolanaDevnet | undefined
  let demo: DemoProxy | undefined
  let frameUrl = ''

  beforeAll(async () => {
    world = getWorld()
    smtp = await startSmtpCatcher()
    sol = await startSolanaDevnet({ port: 0 })
    gateway = await createGateway(
      resolveConfig({
        port: 0,
        databaseUrl: 'sqlite::memory:',
        logLevel: 'warn',
        projects: [
          { id: 'local', name: 'Local', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] },
        ],
        networks: world.chains.map((c) => ({
          caipNetworkId: `eip155:${c.chainId}`,
          name: `Anvil ${c.chainId}`,
          rpcUrl: c.rpcUrl,
          multicall3: getEvmFixtures().multicall3,
        })),
        embeddedWallet: {
          secret: 'e2e-secret-e2e-secret-e2e-secret-solana',
          signerPort: 0,
          smtp: { host: '127.0.0.1', port: smtp.smtpPort, from: 'login@portico.test' },
        },
      }),
    )
    const apiUrl = await gateway.listen()
    frameUrl = gateway.signerUrl() as string
    const solana = {
      rpcUrl: sol.rpcUrl,
      genesisHash: sol.genesisHash,
      caipNetworkId: sol.caipNetworkId,
      fixtures: solanaFixturesToJson(sol.fixtures),
    }
    demo = await serveDemoWith(world.demoUrl, () => ({
      chains: world.chains,
      tokens: world.fixtures.tokens,
      apiUrl,
      solana,
      embeddedWallet: { frameUrl },
    }))
  })

  afterAll(async () => {
    await demo?.close()
    await gateway?.close()
    await sol?.stop()
    await smtp?.close()
  })

  async function login(page: Page, email: string) {
    await emailLogin(page, email, codeFrom(smtp!))
  }

  it('email login connects EVM and Solana; Account on Solana shows the address and balance; 0.01 SOL sent after Approve in the frame moves exactly; the dApp page never receives the Solana secret', async () => {
    const { page, context } = await browser.newPage()
    await context.addInitScript(RECORD_MESSAGES)
    // A site with EVM and Solana only: the frame never fetches the other namespaces' keys.
    const chainScripts: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/chains/')) chainScripts.push(r.url())
    })
    await gotoDemo(page, demo!.url)
    await login(page, `sol-${Date.now()}@example.com`)

    // One login, both namespaces: the connector offers eip155 and solana, the frame holds both keys.
    await page.waitForFunction(
      () => {
        const a = (window.__portico!.portico.getState() as { accounts: Record<string, { status?: string }> })
          .accounts
        return a.eip155?.status === 'connected' && a.solana?.status === 'connected'
      },
      null,
      { timeout: 60_000 },
    )
    const state = await porticoState(page)
    const evmAddress = state.accounts.eip155!.address as string
    const address = state.accounts.solana!.address as string
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const connectorOf = await page.evaluate(
      () =>
        (window.__portico!.portico.getState() as { accounts: { solana?: { connectorId?: string } } }).accounts
          .solana?.connectorId,
    )
    expect(connectorOf).toBe('embeddedWallet')

    // Fund it with the local SVM's airdrop (2 SOL); Account, switched to Solana, shows address and balance.
    await rpc(sol!.rpcUrl, 'requestAirdrop', [address, 2_000_000_000])
    await eventually(async () => expect(await lamportsOf(sol!.rpcUrl, address)).toBe(2_000_000_000n), 20_000)
    const account = await expectAccountAfterConnect(page)
    await account.locator('[data-namespace="solana"]').click()
    await eventually(async () => {
      await page.evaluate(() =>
        (
          window.__portico!.portico as unknown as { refreshBalance(ns?: string): Promise<void> }
        ).refreshBalance('solana'),
      )
      expect(
        await page.evaluate(
          () => (window.__portico!.portico.getState() as { activeNamespace?: string }).activeNamespace,
        ),
      ).toBe('solana')
      const view = await expectView(page, 'Account')
      const row = view.locator('[data-namespace="solana"]')
      expect(await textOf(row.locator('[data-testid="namespace-address"]'))).toBe(short(address))
      expect(await textOf(row.locator('[data-testid="namespace-balance"]'))).toBe('2.000 SOL')
      expect(await textOf(view.locator('[data-testid="account-balance"]'))).toBe('2.000 SOL')
    }, 30_000)
    await screenshot(page, 'embedded-solana-Account')

    // Send 0.01 SOL to another address from the Send view: the frame shows fee payer, amount,
    // receiver and program; Approve; the receiver's balance on the local SVM moves exactly.
    const to = sol!.fixtures.devKeypairs[1]!.address
    const before = await lamportsOf(sol!.rpcUrl, to)
    await (await expectView(page, 'Account')).locator('button[data-action-id="send"]').click()
    const send = await expectView(page, 'WalletSend')
    await send.getByTestId('send-form').waitFor()
    await send.getByTestId('send-amount').fill('0.01')
    await send.getByTestId('send-to').fill(to)
    await send.locator('[data-testid="send-fee"][data-status="ready"]').waitFor({ timeout: 20_000 })
    await send.getByTestId('send-review').click()
    await send.getByTestId('send-confirm-button').click()
    const frame = page.frameLocator('iframe[data-portico-signer]')
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    const card = await textOf(frame.locator('.card'))
    expect(card).toContain('Sign transaction (Solana)')
    expect(card).toContain(`Fee payer: ${address} (this wallet)`)
    expect(card).toContain(`Send 0.01 SOL to ${to}`)
    // The compute-budget instruction (the limit from simulation) comes before the System transfer.
    expect(card).toContain('Compute unit limit: ')
    expect(card).toContain(
      'Programs: ComputeBudget111111111111111111111111111111, 11111111111111111111111111111111',
    )
    await screenshot(page, 'embedded-solana-approve-send')
    await frame.getByRole('button', { name: 'Approve' }).click()
    await send.getByTestId('send-sent').waitFor({ timeout: 30_000 })
    await screenshot(page, 'embedded-solana-sent')
    await eventually(
      async () => expect((await lamportsOf(sol!.rpcUrl, to)) - before).toBe(10_000_000n),
      20_000,
    )
    await eventually(async () =>
      expect(await page.locator('iframe[data-portico-signer]').isVisible()).toBe(false),
    )

    // A message: the card shows it as text; the ed25519 signature verifies against the address.
    const message = 'Hello from the embedded Solana wallet <b>'
    const signing = page.evaluate(
      (m) =>
        (
          window.__portico!.portico as unknown as {
            signMessage(p: { message: string; namespace: string }): Promise<string>
          }
        ).signMessage({ message: m, namespace: 'solana' }),
      message,
    )
    await frame.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 })
    expect(await textOf(frame.locator('.card pre.full'))).toBe(message)
    await frame.getByRole('button', { name: 'Approve' }).click()
    const messageSignature = await signing

    // Reject in the frame: the Solana adapter's typed rejection, not a signature; no lamports moved.
    const paid = await lamportsOf(sol!.rpcUrl, address)
    const declined = page.evaluate(() =>
      (
        window.__portico!.portico as unknown as {
          sendTransaction(p: { request: { to: string; value: bigint }; namespace: string }): Promise<string>
        }
      )
        .sendTransaction({
          request: { to: '11111111111111111111111111111112', value: 1n },
          namespace: 'solana',
        })
        .then(
          () => 'sent',
          (e: { code?: unknown; name?: string }) => `${e.name}:${String(e.code)}`,
        ),
    )
    await frame.getByRole('button', { name: 'Reject' }).click({ timeout: 20_000 })
    expect(await declined).toMatch(/UserRejectedRequestError/)
    expect(await lamportsOf(sol!.rpcUrl, address)).toBe(paid)

    // The key is the HMAC derivation of the split secret: rebuilt here with the test's privileges
    // (device share from the frame origin's IndexedDB, auth share from the gateway), it is the address's.
    const signer = page.frames().find((f) => f.url().startsWith(`${frameUrl}/frame`)) as Frame
    const secrets = await signer.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('portico-embedded-wallet', 1)
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
      const all = await new Promise<unknown[]>((resolve, reject) => {
        const r = db.transaction('device-shares').objectStore('device-shares').getAll()
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
      const [key, token] =
        Object.entries(localStorage).find(([k]) => k.startsWith('portico-ew-session:')) ?? []
      // The session key names the project the session is bound to (portico-ew-session:<projectId>).
      return { device: all.map(String), token: token ?? '', project: key?.split(':')[1] ?? '' }
    })
    const auth = (await (
      await fetch(`${frameUrl}/v1/auth/share`, {
        headers: { authorization: `Bearer ${secrets.token}`, 'x-portico-project': secrets.project },
      })
    ).json()) as { share: string; address: string }
    expect(auth.address.toLowerCase()).toBe(evmAddress.toLowerCase())
    const key = await (await shamir()).combine([
      Uint8Array.from(Buffer.from(secrets.device[0]!, 'hex')),
      Uint8Array.from(Buffer.from(auth.share, 'hex')),
    ])
    const seed = createHmac('sha256', 'portico embedded wallet / solana ed25519 / v1').update(key).digest()
    const privateKey = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
      format: 'der',
      type: 'pkcs8',
    })
    const publicKey = Buffer.from(
      createPublicKey(privateKey).export({ format: 'jwk' }).x as string,
      'base64url',
    )
    expect(base58(publicKey)).toBe(address)
    const sigBytes = Buffer.from(
      (() => {
        let n = 0n
        for (const ch of messageSignature) n = n * 58n + BigInt(BASE58.indexOf(ch))
        return n.toString(16).padStart(128, '0')
      })(),
      'hex',
    )
    expect(verify(null, Buffer.from(message), createPublicKey(privateKey), sigBytes)).toBe(true)

    // Every message the dApp page received: no share, no secret, no seed, no Solana keypair in any encoding.
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { origin: string; data: string }[] }).__seen,
    )
    const everything = seen.map((m) => m.data).join('\n')
    expect(everything).toContain(messageSignature) // the scan saw the replies
    const keypair = Buffer.concat([seed, publicKey]) // the 64-byte secret key Solana tools use
    for (const secret of [
      secrets.device[0]!,
      auth.share,
      secrets.token,
      Buffer.from(key).toString('hex'),
      seed.toString('hex'),
      seed.toString('base64'),
      base58(seed),
      keypair.toString('base64'),
      base58(keypair),
    ])
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase())
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/portico-ew-|share/i)

    // A wallet as it was before Solana keys (no remembered Solana address on the frame origin):
    // after a reload the same shares give the same Solana address, and both namespaces come back.
    await signer.evaluate(() => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith('portico-ew-solana:')) localStorage.removeItem(k)
    })
    await page.reload()
    await gotoDemo(page, demo!.url)
    await page.waitForFunction(
      () => {
        const a = (window.__portico!.portico.getState() as { accounts: Record<string, { status?: string }> })
          .accounts
        return a.eip155?.status === 'connected' && a.solana?.status === 'connected'
      },
      null,
      { timeout: 60_000 },
    )
    const after = await porticoState(page)
    expect(chainScripts).toEqual([])
    expect(after.accounts.solana!.address).toBe(address)
    expect(after.accounts.eip155!.address).toBe(evmAddress)
  }, 240_000)
})
