import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { blake2AsU8a, signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { createPolkadotSigner } from './index.js'

const PAYLOAD: Omit<SignerPayloadJSON, 'address'> = {
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'22'.repeat(32)}`,
  method: '0x0a0300aeedb1738fb7133da240213ab0f0916eb7abaf4140693b7a3f54311732bdda330284d717',
  nonce: '0x00000003',
  specVersion: '0x00000006',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000007',
  signedExtensions: [
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'ChargeTransactionPayment',
  ],
  version: 4,
}

describe('Polkadot signing core', () => {
  it('signs messages wrapped in <Bytes>…</Bytes>, as extensions do, verifiable by the address', async () => {
    const signer = await createPolkadotSigner({ uris: ['//Alice'] })
    const alice = signer.keys[0]!
    const signature = signer.signRaw(alice, stringToU8a('hello'))
    expect(signatureVerify(u8aWrapBytes(stringToU8a('hello')), signature, alice.address).isValid).toBe(true)
  })

  it('finds its keys under any SS58 prefix and nothing else', async () => {
    const generic = await createPolkadotSigner({ uris: ['//Alice', '//Bob'] })
    const kusama = await createPolkadotSigner({ uris: ['//Bob'], ss58Prefix: 2 })
    expect(generic.keyFor(kusama.keys[0]!.address)).toBe(generic.keys[1])
    expect(generic.keyFor('not an address')).toBeUndefined()
    expect(kusama.keyFor(generic.keys[0]!.address)).toBeUndefined()
  })

  it('signs a payload and builds the signed v4 extrinsic whose signature verifies over that payload', async () => {
    const signer = await createPolkadotSigner({ uris: ['//Alice'] })
    const alice = signer.keys[0]!
    const payload = { ...PAYLOAD, address: alice.address }
    const { signature, signedTransaction } = signer.signPayload(alice, payload)
    const registry = new TypeRegistry()
    registry.setSignedExtensions(payload.signedExtensions)
    const signed = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true })
    const message = signed.length > 256 ? blake2AsU8a(signed) : signed
    expect(signatureVerify(message, signature, alice.address).isValid).toBe(true)
    // 0x84 (signed, v4), MultiAddress::Id(Alice), the signature, era/nonce/tip, the call.
    const bytes = Buffer.from(signedTransaction.slice(2), 'hex')
    // A compact length of 2 bytes (bodies of 64–16383 bytes), then the body.
    expect(bytes.readUInt16LE(0) >> 2).toBe(bytes.length - 2)
    const body = bytes.subarray(2)
    expect(body[0]).toBe(0x84)
    expect(body[1]).toBe(0x00)
    expect(`0x${Buffer.from(body.subarray(2, 34)).toString('hex')}`).toBe(alice.publicKey)
    expect(`0x${Buffer.from(body.subarray(34, 99)).toString('hex')}`).toBe(signature)
    expect(signedTransaction.endsWith(payload.method.slice(2))).toBe(true)
  })

  it('refuses a payload that is not a signer payload with a TypeError', async () => {
    const signer = await createPolkadotSigner({ uris: ['//Alice'] })
    expect(() =>
      signer.signPayload(signer.keys[0]!, { method: 'nope' } as unknown as SignerPayloadJSON),
    ).toThrow(TypeError)
  })
})
