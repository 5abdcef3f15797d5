// The conformance kit's message verifiers, each on a signature made with the
// chain's own libraries (or a dev wallet), and each refusing a signature of
// another message or by another key: they must be able to say no.
import { generateKeyPairSync, sign } from 'node:crypto'
import { serializeSignDoc } from '@cosmjs/amino'
import { ripemd160, Secp256k1, sha256 } from '@cosmjs/crypto'
import { toBase64, toBech32 } from '@cosmjs/encoding'
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { getBase58Decoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { BITCOIN_REGTEST_CAIP_NETWORK_ID } from '../../bitcoin/index.js'
import { answerBip122, bitcoinKeysFor } from '../../walletconnect/dev-wallet/bip122.js'
import {
  adr036SignDoc,
  verifyBitcoinMessage,
  verifyCosmosAdr036,
  verifyEip155Message,
  verifyPolkadotMessage,
  verifySolanaMessage,
} from './index.js'

const message = 'Portico conformance: verify me'
const utf8 = new TextEncoder()

describe('the kit’s independent message verifiers accept real signatures and refuse others', () => {
  beforeAll(() => cryptoWaitReady())

  it('eip155: EIP-191 by the address’s key passes; another message or another address fails', async () => {
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
    const signed = { signature: await account.signMessage({ message }) }
    expect(await verifyEip155Message({ address: account.address, message, signed })).toBe(true)
    expect(await verifyEip155Message({ address: account.address, message: `${message}!`, signed })).toBe(
      false,
    )
    const other = privateKeyToAccount(`0x${'22'.repeat(32)}`).address
    expect(await verifyEip155Message({ address: other, message, signed })).toBe(false)
  })

  it('cosmos: ADR-036 over the sign doc built from the ADR passes; a key of another address or another message fails', async () => {
    const { privkey, pubkey } = await Secp256k1.makeKeypair(new Uint8Array(32).fill(3))
    const compressed = Secp256k1.compressPubkey(pubkey)
    const address = toBech32('cosmos', ripemd160(sha256(compressed)))
    const digest = sha256(serializeSignDoc(adr036SignDoc(address, message)))
    const sig = await Secp256k1.createSignature(digest, privkey)
    const signed = { signature: toBase64(sig.toFixedLength().slice(0, 64)), publicKey: u8aToHex(compressed) }
    expect(await verifyCosmosAdr036({ address, message, signed })).toBe(true)
    expect(await verifyCosmosAdr036({ address, message: `${message}!`, signed })).toBe(false)
    const other = toBech32('cosmos', new Uint8Array(20).fill(9))
    expect(await verifyCosmosAdr036({ address: other, message, signed })).toBe(false)
  })

  it('solana: ed25519 over the message (or it in an off-chain message envelope) passes; a signedMessage not tied to the message fails even when its signature is valid', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
    const address = getBase58Decoder().decode(raw)
    const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
    const signed = { signature: b58(sign(null, utf8.encode(message), privateKey)) }
    expect(await verifySolanaMessage({ address, message, signed })).toBe(true)
    expect(await verifySolanaMessage({ address, message: `${message}!`, signed })).toBe(false)
    // The message inside a Solana off-chain message envelope (signing domain, then a header) is tied to it.
    const envelope = new Uint8Array([0xff, ...utf8.encode('solana offchain'), 0, 0, message.length, 0])
    const enveloped = new Uint8Array([...envelope, ...utf8.encode(message)])
    expect(
      await verifySolanaMessage({
        address,
        message,
        signed: { signature: b58(sign(null, enveloped, privateKey)), signedMessage: enveloped },
      }),
    ).toBe(true)
    // Text a wallet made up around the message is not what was asked, however valid its signature.
    const prefixed = utf8.encode(`example.com wants you to sign:\n${message}`)
    expect(
      await verifySolanaMessage({
        address,
        message,
        signed: { signature: b58(sign(null, prefixed, privateKey)), signedMessage: prefixed },
      }),
    ).toBe(false)
    const unrelated = utf8.encode('something else entirely')
    expect(
      await verifySolanaMessage({
        address,
        message,
        signed: { signature: b58(sign(null, unrelated, privateKey)), signedMessage: unrelated },
      }),
    ).toBe(false)
  })

  it('polkadot: sr25519 over <Bytes>message</Bytes> passes; another message or a signedMessage of other bytes fails', async () => {
    const pair = new Keyring({ type: 'sr25519' }).addFromUri('//PorticoVerifier')
    const wrapped = u8aWrapBytes(utf8.encode(message))
    const signed = { signature: u8aToHex(pair.sign(wrapped)) }
    expect(await verifyPolkadotMessage({ address: pair.address, message, signed })).toBe(true)
    expect(await verifyPolkadotMessage({ address: pair.address, message: `${message}!`, signed })).toBe(false)
    const signedOther = { ...signed, signedMessage: utf8.encode(message) }
    expect(await verifyPolkadotMessage({ address: pair.address, message, signed: signedOther })).toBe(false)
  })

  it('bip122 (bip322-js): the WalletConnect dev wallet’s BIP-322 p2wpkh and p2tr and BIP-137 p2wpkh signatures pass; another message fails', async () => {
    const key = {}
    const [payment, ordinal] = bitcoinKeysFor(key, BITCOIN_REGTEST_CAIP_NETWORK_ID)
    const cases = [
      { address: payment!.address, protocol: 'bip322' },
      { address: ordinal!.address, protocol: 'bip322' },
      { address: payment!.address, protocol: 'ecdsa' },
    ]
    for (const c of cases) {
      const answer = answerBip122(
        { key, tamper: () => false },
        'signMessage',
        { address: c.address, message, protocol: c.protocol },
        BITCOIN_REGTEST_CAIP_NETWORK_ID,
      ) as { signature: string }
      const signed = { signature: answer.signature }
      expect(await verifyBitcoinMessage({ address: c.address, message, signed }), c.protocol).toBe(true)
      expect(await verifyBitcoinMessage({ address: c.address, message: `${message}!`, signed })).toBe(false)
    }
  })
})
