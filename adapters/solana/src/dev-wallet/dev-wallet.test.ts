import { deterministicKeypair } from '@portico/devnet'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { createSolanaDevWallet, SOLANA_DEV_WALLET_NAME } from './index.js'

const alice = deterministicKeypair('dev-wallet-test-alice')
const bob = deterministicKeypair('dev-wallet-test-bob')

function transferFrom(from: string): Uint8Array {
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: address(bob.address), amount: lamports(1n) }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

type Features = Record<string, Record<string, (...args: never[]) => Promise<unknown>>>

describe('Portico Solana dev wallet (Wallet Standard)', () => {
  it('announces its name, a data: icon, the four Solana chains and the seven features (Sign In With Solana included)', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    expect(dev.wallet.name).toBe(SOLANA_DEV_WALLET_NAME)
    expect(dev.wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(dev.wallet.chains).toEqual([
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
      'solana:localnet',
    ])
    expect(Object.keys(dev.wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signIn',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(dev.addresses).toEqual([alice.address])
  })

  it('a silent connect reveals no account until the user approved once', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const connect = (dev.wallet.features as Features)['standard:connect']!.connect as (i?: {
      silent?: boolean
    }) => Promise<{ accounts: unknown[] }>
    expect((await connect({ silent: true })).accounts).toEqual([])
    expect(dev.wallet.accounts).toEqual([])
    expect((await connect()).accounts).toHaveLength(1)
    expect((await connect({ silent: true })).accounts).toHaveLength(1)
  })

  it('signs only for its own accounts: the signature lands in the fee payer slot', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const features = dev.wallet.features as Features
    await (features['standard:connect']!.connect as () => Promise<unknown>)()
    const account = dev.wallet.accounts[0]!
    const sign = features['solana:signTransaction']!.signTransaction as (
      ...i: { account: unknown; transaction: Uint8Array }[]
    ) => Promise<{ signedTransaction: Uint8Array }[]>
    const [out] = await sign({ account, transaction: transferFrom(alice.address) })
    const signed = getTransactionDecoder().decode(out!.signedTransaction)
    expect(signed.signatures[address(alice.address)]).toHaveLength(64)
    // A transaction whose signer is not in the wallet is refused (4100); bytes that are no transaction too (-32003).
    await expect(sign({ account, transaction: transferFrom(bob.address) })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(sign({ account, transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({
      code: -32003,
    })
  })

  it('refuses requests for an account the app is not connected to (code 4100)', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const signMessage = (dev.wallet.features as Features)['solana:signMessage']!.signMessage as (
      ...i: { account: unknown; message: Uint8Array }[]
    ) => Promise<unknown>
    const account = { address: alice.address, publicKey: alice.publicKey, chains: [], features: [] }
    await expect(signMessage({ account, message: new Uint8Array([1]) })).rejects.toMatchObject({ code: 4100 })
  })

  it('behaviour switch (shared by every dev wallet): rejectNext, hold + nextHeld/release/reject, setBehaviour', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const features = dev.wallet.features as Features
    const connect = features['standard:connect']!.connect as () => Promise<{ accounts: unknown[] }>
    dev.rejectNext()
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    expect(dev.behaviour).toBe('approve')
    await connect()
    const account = dev.wallet.accounts[0]!
    const signMessage = features['solana:signMessage']!.signMessage as (
      ...i: { account: unknown; message: Uint8Array }[]
    ) => Promise<{ signature: Uint8Array }[]>

    dev.holdNext()
    let settled = false
    const later = signMessage({ account, message: new Uint8Array([1]) }).finally(() => {
      settled = true
    })
    const held = await dev.nextHeld()
    expect(held.method).toBe('solana:signMessage')
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    expect(dev.pending).toHaveLength(1)
    held.release()
    expect((await later)[0]!.signature).toHaveLength(64)

    dev.setBehaviour('hold')
    const a = signMessage({ account, message: new Uint8Array([2]) })
    const b = signMessage({ account, message: new Uint8Array([3]) })
    await new Promise((r) => setTimeout(r, 10))
    expect(dev.pending).toHaveLength(2)
    dev.pending[1]!.reject()
    await expect(b).rejects.toMatchObject({ code: 4001 })
    dev.releaseAll()
    await expect(a).resolves.toHaveLength(1)
    dev.setBehaviour('approve')
  })

  it('tamperNext gives one malformed answer: an address that is not base58, a 63-byte signature', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const features = dev.wallet.features as Features
    const connect = features['standard:connect']!.connect as () => Promise<{
      accounts: { address: string }[]
    }>
    dev.tamperNext('accounts')
    const [bad] = (await connect()).accounts
    expect(bad!.address).not.toBe(alice.address)
    expect(bad!.address).toMatch(/[0OIl]/) // not in the base58 alphabet
    expect((await connect()).accounts[0]!.address).toBe(alice.address)
    const signMessage = features['solana:signMessage']!.signMessage as (
      ...i: { account: unknown; message: Uint8Array }[]
    ) => Promise<{ signature: Uint8Array }[]>
    dev.tamperNext('signature')
    const account = dev.wallet.accounts[0]!
    expect((await signMessage({ account, message: new Uint8Array([1]) }))[0]!.signature).toHaveLength(63)
    expect((await signMessage({ account, message: new Uint8Array([1]) }))[0]!.signature).toHaveLength(64)
  })

  it('registers on any EventTarget through the app-ready handshake and unregisters', async () => {
    const dev = await createSolanaDevWallet({ secretKeys: [alice.secretKey] })
    const target = new EventTarget()
    const unregister = dev.register(target)
    const seen: Wallet[] = []
    let removed = false
    // The app side of the handshake, as @wallet-standard/app does it.
    const api = {
      register: (...wallets: Wallet[]) => {
        seen.push(...wallets)
        return () => {
          removed = true
        }
      },
    }
    target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    expect(seen).toEqual([dev.wallet])
    unregister()
    expect(removed).toBe(true)
  })
})
