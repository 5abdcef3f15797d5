import { parseSiwxMessage, SiwxMessageError, type SiwxMessageFields } from '@portico/core'
import { BITCOIN_DEV_MNEMONIC } from '@portico/devnet'
import { payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinAdapter } from '../adapter/index.js'
import { createBitcoinDevWallet } from '../dev-wallet/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams, BITCOIN_GENESIS_HASHES, bitcoinRegtest } from '../networks/index.js'
import { createTestContext, installWindow } from '../test-helpers/context.js'
import { bitcoinSignInMessageOptions, formatBitcoinSignInMessage } from './index.js'

const REGTEST = `bip122:${BITCOIN_GENESIS_HASHES.regtest.slice(0, 32)}` as const
const MAINNET = `bip122:${BITCOIN_GENESIS_HASHES.mainnet.slice(0, 32)}` as const
// Dev account 3 (accounts 5–9 and 2 belong to the send / nfts e2e flows).
const dev = createBitcoinDevWallet({
  mnemonic: BITCOIN_DEV_MNEMONIC,
  account: 3,
  name: 'SIWX Bitcoin Wallet',
})
const fields = (over: Partial<SiwxMessageFields> = {}): SiwxMessageFields => ({
  domain: 'app.example:5173',
  address: dev.addresses.payment,
  statement: 'Sign in to Portico.',
  uri: 'http://app.example:5173',
  version: '1',
  caipNetworkId: REGTEST,
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-25T03:00:00.000Z',
  expirationTime: '2026-11-26T03:00:00.000Z',
  ...over,
})

let uninstall: () => void
beforeAll(() => {
  uninstall = installWindow()
})
afterAll(() => uninstall?.())

describe('Bitcoin sign-in message (CAIP-122 on bip122)', () => {
  it('names the Bitcoin account and carries the genesis-hash prefix as "Chain ID"', () => {
    const text = formatBitcoinSignInMessage(fields())
    expect(text.split('\n')[0]).toBe('app.example:5173 wants you to sign in with your Bitcoin account:')
    const parsed = parseSiwxMessage(text)
    expect(parsed).toMatchObject({
      chainName: 'Bitcoin',
      address: dev.addresses.payment,
      chainReference: BITCOIN_GENESIS_HASHES.regtest.slice(0, 32),
      nonce: 'a1b2c3d4e5f60718',
    })
    expect(formatBitcoinSignInMessage(fields({ address: dev.addresses.ordinals }))).toContain(
      `\n${dev.addresses.ordinals}\n`,
    )
  })

  it('the address must belong to the chain id: a regtest address is no sign-in on mainnet', () => {
    expect(() => formatBitcoinSignInMessage(fields({ caipNetworkId: MAINNET }))).toThrow(SiwxMessageError)
    expect(() => formatBitcoinSignInMessage(fields({ caipNetworkId: 'eip155:1' }))).toThrow(/not a bip122/)
    expect(() => formatBitcoinSignInMessage(fields({ caipNetworkId: `bip122:${'ab'.repeat(16)}` }))).toThrow(
      /unknown Bitcoin network/,
    )
  })

  it('p2pkh, p2wpkh, p2sh (p2sh-p2wpkh) and p2tr addresses sign in; p2wsh cannot (no BIP-322 simple verification of a script)', () => {
    const network = addressParams(REGTEST)
    const p2sh = payments.p2sh({ hash: new Uint8Array(20), network }).address!
    const p2wsh = payments.p2wsh({ hash: new Uint8Array(32), network }).address!
    expect(formatBitcoinSignInMessage(fields({ address: p2sh }))).toContain(`\n${p2sh}\n`)
    expect(bitcoinSignInMessageOptions(p2sh)).toEqual({ protocol: 'bip322' })
    expect(() => formatBitcoinSignInMessage(fields({ address: p2wsh }))).toThrow(SiwxMessageError)
    expect(() => formatBitcoinSignInMessage(fields({ address: p2wsh }))).toThrow(/not p2wsh/)
  })

  it('signs with BIP-322 for segwit and taproot, the legacy format only for p2pkh', () => {
    expect(bitcoinSignInMessageOptions(dev.addresses.payment)).toEqual({ protocol: 'bip322' })
    expect(bitcoinSignInMessageOptions(dev.addresses.ordinals)).toEqual({ protocol: 'bip322' })
    expect(bitcoinSignInMessageOptions('14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc')).toEqual({ protocol: 'ecdsa' })
    expect(bitcoinSignInMessageOptions('mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r')).toEqual({ protocol: 'ecdsa' })
  })

  it('the dev wallet (sats-connect style provider) signs the sign-in text with BIP-322 that verifies, p2wpkh and p2tr', async () => {
    const win = (globalThis as unknown as { window: EventTarget }).window
    const off = dev.registerRequestProvider(win)
    // No chain is read to sign a message: the Esplora URL is never fetched.
    const adapter = bitcoinAdapter({
      networks: [bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' })],
      discover: true,
      providersTarget: win,
    })
    try {
      await adapter.setup(createTestContext().ctx)
      const connector = adapter.getConnectors().find((c) => c.name === 'SIWX Bitcoin Wallet')!
      await adapter.connect({ connectorId: connector.id })
      for (const address of [dev.addresses.payment, dev.addresses.ordinals]) {
        const message = await adapter.formatSignInMessage!(fields({ address }))
        const options = adapter.signInMessageOptions!(address)
        const signed = await adapter.signMessage({ connectorId: connector.id, address, message, options })
        expect(signed.signature).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
        const params = addressParams(REGTEST)
        expect(
          verifyBitcoinMessage({ message, address, signature: signed.signature, protocol: 'bip322', params }),
        ).toBe(true)
        // The same signature is no proof for a changed text.
        expect(
          verifyBitcoinMessage({
            message: message.replace('Nonce: a1b2', 'Nonce: b1b2'),
            address,
            signature: signed.signature,
            protocol: 'bip322',
            params,
          }),
        ).toBe(false)
      }
    } finally {
      adapter.destroy?.()
      off()
    }
  })
})
