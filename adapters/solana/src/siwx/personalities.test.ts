// Sign-in and answer validation against the emulated wallets of @portico/dev-wallets (Phantom,
// Solflare, Backpack: real Ed25519 keys on the one Solana signing core), through the adapter's own
// code paths: signInWithSolanaWallet for `solana:signIn` and the Wallet Standard backend for
// everything a wallet hands back.
import { createPublicKey, verify } from 'node:crypto'
import type { SiwxMessageFields } from '@portico/core'
import { SOLANA_PERSONALITIES, type SolanaPersonality } from '@portico/dev-wallets/solana/personalities'
import { deterministicKeypair } from '@portico/devnet'
import { getBase58Encoder } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { walletStandardBackend } from '../adapter/backends.js'
import { InvalidWalletAnswerError } from '../errors/index.js'
import { signInWithSolanaWallet } from './index.js'

const keys = [0, 1].map((i) => deterministicKeypair(`portico-solana-personality-${i}`).secretKey)
const create = (id: keyof typeof SOLANA_PERSONALITIES) =>
  SOLANA_PERSONALITIES[id]({ secretKeys: keys, rpcUrls: {} })

const fields = (address: string): SiwxMessageFields => ({
  domain: 'app.example',
  address,
  statement: 'Sign in to Portico.',
  uri: 'https://app.example/login',
  version: '1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-24T20:00:00.000Z',
})

function ed25519Verify(address: string, message: Uint8Array, signatureBase58: string): boolean {
  const x = Buffer.from(getBase58Encoder().encode(address)).toString('base64url')
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  return verify(null, message, key, new Uint8Array(getBase58Encoder().encode(signatureBase58)))
}

async function connected(p: SolanaPersonality): Promise<WalletAccount[]> {
  const connect = p.wallet.features['standard:connect'] as {
    connect(): Promise<{ accounts: WalletAccount[] }>
  }
  return (await connect.connect()).accounts
}

describe('sign-in with the emulated Solana wallets', () => {
  it.each(['phantom', 'solflare'] as const)(
    '%s: solana:signIn answers the SIWS text of the asked fields, signed by the account (an independent verifier accepts it)',
    async (id) => {
      const wallet = await create(id)
      const signed = await signInWithSolanaWallet(wallet.wallet, fields(wallet.address))
      expect(signed).toBeDefined()
      expect(
        signed!.message.startsWith(
          `app.example wants you to sign in with your Solana account:\n${wallet.address}`,
        ),
      ).toBe(true)
      expect(signed!.message).toContain('Nonce: a1b2c3d4e5f60718')
      expect(
        ed25519Verify(wallet.address, new TextEncoder().encode(signed!.message), signed!.signature),
      ).toBe(true)
      // Solflare names the account by its address only: no public key is taken from its answer.
      expect(signed!.publicKey === undefined).toBe(id === 'solflare')
    },
  )

  it('Backpack has no solana:signIn: the adapter falls back to signing the CAIP-122 text (undefined here)', async () => {
    const backpack = await create('backpack')
    await expect(signInWithSolanaWallet(backpack.wallet, fields(backpack.address))).resolves.toBeUndefined()
  })

  it('a cancelled sign-in (4001 "User rejected the request.") is UserRejectedRequestError', async () => {
    const phantom = await create('phantom')
    phantom.controls.rejectNext()
    await expect(signInWithSolanaWallet(phantom.wallet, fields(phantom.address))).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
  })
})

describe('what an emulated wallet hands back is validated, and the typed error names the wallet', () => {
  it.each(['phantom', 'solflare', 'backpack'] as const)(
    '%s: a 63-byte signMessage signature is InvalidWalletAnswerError carrying the wallet name',
    async (id) => {
      const wallet = await create(id)
      const accounts = await connected(wallet)
      const backend = walletStandardBackend(wallet.wallet, accounts, { onAccounts() {}, onDisconnect() {} })
      wallet.controls.tamperNext('signature')
      const error = await backend
        .signMessage({ address: wallet.address }, new TextEncoder().encode('hi'))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidWalletAnswerError)
      expect((error as InvalidWalletAnswerError).wallet).toBe(wallet.name)
      expect((error as InvalidWalletAnswerError).message).toContain(
        `${wallet.name} returned an invalid response.`,
      )
      backend.close()
    },
  )

  it('an account that is not a Solana address in a connect answer is refused with the wallet name', async () => {
    const wallet = await create('backpack')
    wallet.controls.tamperNext('accounts')
    const accounts = await connected(wallet)
    expect(() =>
      walletStandardBackend(wallet.wallet, accounts, { onAccounts() {}, onDisconnect() {} }),
    ).toThrow(expect.objectContaining({ wallet: 'Backpack (emulated)', name: 'InvalidWalletAnswerError' }))
  })
})
