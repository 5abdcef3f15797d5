import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BACKPACK_PROFILE, PHANTOM_PROFILE, SOLANA_PERSONALITIES, SOLFLARE_PROFILE } from './index.js'

function cliKey(): Uint8Array {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  const out = new Uint8Array(64)
  out.set(Buffer.from(jwk.d!, 'base64url'), 0)
  out.set(Buffer.from(jwk.x!, 'base64url'), 32)
  return out
}
const options = () => ({ secretKeys: [cliKey(), cliKey()], rpcUrls: {} })
type Feature = Record<string, (...args: unknown[]) => Promise<unknown>> & { version: string }
const feature = (wallet: { features: Record<string, unknown> }, name: string) =>
  wallet.features[name] as Feature | undefined

function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

describe('Solana personalities (emulated)', () => {
  it('each is labelled "(emulated)" and registers the features its wallet publishes', async () => {
    const phantom = await SOLANA_PERSONALITIES.phantom(options())
    const solflare = await SOLANA_PERSONALITIES.solflare(options())
    const backpack = await SOLANA_PERSONALITIES.backpack(options())
    expect([phantom.name, solflare.name, backpack.name]).toEqual([
      'Phantom (emulated)',
      'Solflare (emulated)',
      'Backpack (emulated)',
    ])
    expect(Object.keys(phantom.wallet.features)).toContain('solana:signIn')
    expect(Object.keys(solflare.wallet.features)).toContain('solana:signIn')
    expect(Object.keys(backpack.wallet.features)).not.toContain('solana:signIn')
    expect(Object.keys(backpack.wallet.features)).toContain('backpack:')
    expect(feature(phantom.wallet, 'solana:signMessage')!.version).toBe('1.1.0')
    expect(feature(backpack.wallet, 'solana:signMessage')!.version).toBe('1.0.0')
    for (const p of [PHANTOM_PROFILE, SOLFLARE_PROFILE, BACKPACK_PROFILE])
      expect(p.transactionVersions).toEqual(['legacy', 0])
  })

  it('a silent connect of a site not yet approved answers no accounts and prompts nobody', async () => {
    const backpack = await SOLANA_PERSONALITIES.backpack(options())
    backpack.controls.setBehaviour('reject')
    const connect = feature(backpack.wallet, 'standard:connect')!
    await expect(connect.connect!({ silent: true })).resolves.toEqual({ accounts: [] })
    await expect(connect.connect!()).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('connect answers the selected account; a switch and a site disconnect are change events', async () => {
    const solflare = await SOLANA_PERSONALITIES.solflare(options())
    const seen: string[][] = []
    feature(solflare.wallet, 'standard:events')!.on!(
      'change',
      ({ accounts }: { accounts: { address: string }[] }) => seen.push(accounts.map((a) => a.address)),
    )
    const { accounts } = (await feature(solflare.wallet, 'standard:connect')!.connect!()) as {
      accounts: { address: string }[]
    }
    expect(accounts.map((a) => a.address)).toEqual([solflare.signer.keys[0]!.address])
    const second = solflare.switchAccount(1)
    solflare.disconnectSite()
    expect(seen).toEqual([[solflare.signer.keys[0]!.address], [second], []])
  })

  it('signMessage: 1.1.0 answers signatureType, 1.0.0 does not; the signature verifies', async () => {
    for (const id of ['phantom', 'backpack'] as const) {
      const p = await SOLANA_PERSONALITIES[id](options())
      const { accounts } = (await feature(p.wallet, 'standard:connect')!.connect!()) as {
        accounts: unknown[]
      }
      const message = new TextEncoder().encode(`hello ${id}`)
      const [out] = (await feature(p.wallet, 'solana:signMessage')!.signMessage!({
        account: accounts[0],
        message,
      })) as { signature: Uint8Array; signatureType?: string }[]
      expect(ed25519Verify(p.signer.keys[0]!.publicKey, message, out!.signature)).toBe(true)
      expect(out!.signatureType).toBe(id === 'phantom' ? 'ed25519' : undefined)
    }
  })

  it("signIn: Phantom answers the wallet account, Solflare the address only; the text is the page's SIWS", async () => {
    for (const id of ['phantom', 'solflare'] as const) {
      const p = await SOLANA_PERSONALITIES[id](options())
      const [out] = (await feature(p.wallet, 'solana:signIn')!.signIn!({
        domain: 'example.org',
        nonce: 'abc12345',
      })) as {
        account: { address: string; publicKey?: Uint8Array }
        signedMessage: Uint8Array
        signature: Uint8Array
      }[]
      expect(out!.account.address).toBe(p.address)
      expect('publicKey' in out!.account).toBe(id === 'phantom')
      expect(new TextDecoder().decode(out!.signedMessage)).toBe(
        `example.org wants you to sign in with your Solana account:\n${p.address}\n\nNonce: abc12345`,
      )
      expect(ed25519Verify(p.signer.keys[0]!.publicKey, out!.signedMessage, out!.signature)).toBe(true)
      // Signing in connected the site.
      expect(p.wallet.accounts.map((a) => a.address)).toEqual([p.address])
    }
  })

  it('an account it does not show is refused with 4100; a non-transaction with -32003', async () => {
    const phantom = await SOLANA_PERSONALITIES.phantom(options())
    const { accounts } = (await feature(phantom.wallet, 'standard:connect')!.connect!()) as {
      accounts: { address: string }[]
    }
    const other = { ...accounts[0]!, address: phantom.signer.keys[1]!.address }
    const sign = feature(phantom.wallet, 'solana:signTransaction')!
    await expect(
      sign.signTransaction!({ account: other, transaction: new Uint8Array(8) }),
    ).rejects.toMatchObject({
      code: 4100,
    })
    await expect(
      sign.signTransaction!({ account: accounts[0], transaction: new Uint8Array([1, 2, 3]) }),
    ).rejects.toMatchObject({ code: -32003 })
  })

  it('Phantom also injects the legacy window.phantom.solana provider: connect, onlyIfTrusted, events', async () => {
    const phantom = await SOLANA_PERSONALITIES.phantom(options())
    const win = new EventTarget() as EventTarget & {
      phantom?: { solana?: Record<string, unknown> }
      solana?: unknown
    }
    const uninstall = phantom.install(win)
    const provider = win.phantom!.solana as {
      isPhantom: boolean
      connect(o?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: { toBase58(): string } }>
      signMessage(m: Uint8Array): Promise<{ signature: Uint8Array; publicKey: { toBase58(): string } }>
      on(e: string, h: (k?: { toBase58(): string }) => void): void
    }
    expect(provider.isPhantom).toBe(true)
    expect(win.solana).toBe(provider)
    await expect(provider.connect({ onlyIfTrusted: true })).rejects.toMatchObject({ code: 4001 })
    const changed: string[] = []
    provider.on('accountChanged', (k) => changed.push(k!.toBase58()))
    const { publicKey } = await provider.connect()
    expect(publicKey.toBase58()).toBe(phantom.address)
    const message = new TextEncoder().encode('legacy')
    const signed = await provider.signMessage(message)
    expect(ed25519Verify(phantom.signer.keys[0]!.publicKey, message, signed.signature)).toBe(true)
    expect(changed).toEqual([])
    const next = phantom.switchAccount(1)
    expect(changed).toEqual([next])
    uninstall()
    expect(win.phantom!.solana).toBeUndefined()
    expect(win.solana).toBeUndefined()
  })
})
