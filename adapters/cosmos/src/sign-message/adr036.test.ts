import { serializeSignDoc } from '@cosmjs/amino'
import { keccak256, Secp256k1, sha256 } from '@cosmjs/crypto'
import { fromHex, toBase64, toBech32 } from '@cosmjs/encoding'
import { describe, expect, it } from 'vitest'
import type { Keplr } from '../keplr/index.js'
import {
  adr036KeyAlgorithm,
  ETH_SECP256K1_KEY_TYPES,
  makeAdr036SignDoc,
  SECP256K1_KEY_TYPE,
  verifyAdr036Signature,
} from './adr036.js'
import { signCosmosMessage } from './sign.js'

/** Private key 1: its Ethereum address is the well-known 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf. */
const KEY_ONE = fromHex(`${'00'.repeat(31)}01`)
const ETH_ADDRESS_ONE = fromHex('7e5f4552091a69125d5dfcb7b8c2659029395bdf')

async function ethKey(privkey: Uint8Array) {
  const { pubkey } = await Secp256k1.makeKeypair(privkey)
  const compressed = Secp256k1.compressPubkey(pubkey)
  const sign = async (signer: string, data: string, hash: 'keccak256' | 'sha256' = 'keccak256') => {
    const doc = serializeSignDoc(makeAdr036SignDoc(signer, data))
    const sig = await Secp256k1.createSignature(hash === 'keccak256' ? keccak256(doc) : sha256(doc), privkey)
    return toBase64(sig.toFixedLength().slice(0, 64))
  }
  return { compressed, sign }
}

describe('ADR-036 with Ethermint eth_secp256k1 keys (Injective, Evmos)', () => {
  it('the address is the Ethereum address (keccak256 of the uncompressed key) under the chain prefix; the doc is hashed with keccak256', async () => {
    const key = await ethKey(KEY_ONE)
    const signer = toBech32('inj', ETH_ADDRESS_ONE)
    const signature = await key.sign(signer, 'Sign in to Portico.')
    const base = { signer, data: 'Sign in to Portico.', publicKey: toBase64(key.compressed), signature }
    expect(await verifyAdr036Signature({ ...base, algorithm: 'ethsecp256k1' })).toBe(true)
    // Read as a plain secp256k1 key, neither the address (ripemd160 ∘ sha256) nor the hash match.
    expect(await verifyAdr036Signature(base)).toBe(false)
    expect(
      await verifyAdr036Signature({ ...base, data: 'Sign in to Evil.', algorithm: 'ethsecp256k1' }),
    ).toBe(false)
    const sha = await key.sign(signer, 'Sign in to Portico.', 'sha256')
    expect(await verifyAdr036Signature({ ...base, signature: sha, algorithm: 'ethsecp256k1' })).toBe(false)
    // Another key's signature and key for this address: the key does not hash to it.
    const other = await ethKey(fromHex(`${'00'.repeat(31)}02`))
    expect(
      await verifyAdr036Signature({
        ...base,
        publicKey: toBase64(other.compressed),
        signature: await other.sign(signer, 'Sign in to Portico.'),
        algorithm: 'ethsecp256k1',
      }),
    ).toBe(false)
  })

  it('key type URLs: none or the Cosmos SDK one is secp256k1, Ethermint and Injective are ethsecp256k1, others are unknown', () => {
    expect(adr036KeyAlgorithm(undefined)).toBe('secp256k1')
    expect(adr036KeyAlgorithm(SECP256K1_KEY_TYPE)).toBe('secp256k1')
    expect(adr036KeyAlgorithm('/ethermint.crypto.v1.ethsecp256k1.PubKey')).toBe('ethsecp256k1')
    expect(adr036KeyAlgorithm('/injective.crypto.v1beta1.ethsecp256k1.PubKey')).toBe('ethsecp256k1')
    expect(adr036KeyAlgorithm('/cosmos.crypto.ed25519.PubKey')).toBeUndefined()
  })

  it('signCosmosMessage names the key type of an ethsecp256k1 account (Injective when the wallet says so), none for secp256k1', async () => {
    const key = await ethKey(KEY_ONE)
    const signer = toBech32('inj', ETH_ADDRESS_ONE)
    const wallet = (type: string) =>
      ({
        signArbitrary: async (_chainId: string, s: string, data: string | Uint8Array) => ({
          signature: await key.sign(s, data as string),
          pub_key: { type, value: toBase64(key.compressed) },
        }),
      }) as unknown as Keplr
    const params = { chainId: 'injective-1', address: signer, message: 'm', pubKey: key.compressed }
    const injective = await signCosmosMessage({
      ...params,
      keplr: wallet('injective/PubKeyEthSecp256k1'),
      algo: 'ethsecp256k1',
    })
    expect(injective.publicKeyType).toBe(ETH_SECP256K1_KEY_TYPES[1])
    const ethermint = await signCosmosMessage({
      ...params,
      keplr: wallet('ethermint/PubKeyEthSecp256k1'),
      algo: 'ethsecp256k1',
    })
    expect(ethermint.publicKeyType).toBe(ETH_SECP256K1_KEY_TYPES[0])
    expect(
      await verifyAdr036Signature({
        signer,
        data: 'm',
        publicKey: ethermint.publicKey!,
        signature: ethermint.signature,
        algorithm: adr036KeyAlgorithm(ethermint.publicKeyType)!,
      }),
    ).toBe(true)
    const plain = await signCosmosMessage({ ...params, keplr: wallet('tendermint/PubKeySecp256k1') })
    expect(plain.publicKeyType).toBeUndefined()
  })
})
