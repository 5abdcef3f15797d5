import * as ecc from '@bitcoinerlab/secp256k1'
import { deriveBitcoinKeys, signBitcoinMessage } from '@portico/dev-wallets/bitcoin'
import { networks, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { UnsupportedMessageAddressError } from '../errors/index.js'
import {
  signMessageBip322,
  signMessageEcdsa,
  verifyBitcoinMessage,
  verifyMessageBip322,
  verifyMessageEcdsa,
} from './index.js'

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const params = networks.regtest

describe('Bitcoin message signatures', () => {
  it('verifies the BIP-322 test vectors ("" and "Hello World" for bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l)', () => {
    const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
    const empty =
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    const hello =
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    expect(verifyMessageBip322('', address, empty, networks.bitcoin)).toBe(true)
    expect(verifyMessageBip322('Hello World', address, hello, networks.bitcoin)).toBe(true)
    expect(verifyMessageBip322('Hello World', address, empty, networks.bitcoin)).toBe(false)
  })

  it('BIP-322 round-trips for p2wpkh and p2tr dev keys; another message or address fails', async () => {
    const [payment, ordinals] = deriveBitcoinKeys(MNEMONIC, params, 0)
    for (const key of [payment!, ordinals!]) {
      const sig = signBitcoinMessage(key, new TextEncoder().encode('portico'), 'bip322')
      expect(
        verifyBitcoinMessage({
          message: 'portico',
          address: key.address,
          signature: sig,
          protocol: 'bip322',
          params,
        }),
      ).toBe(true)
      expect(
        verifyBitcoinMessage({
          message: 'portico!',
          address: key.address,
          signature: sig,
          protocol: 'bip322',
          params,
        }),
      ).toBe(false)
    }
    const sig = signBitcoinMessage(payment!, new TextEncoder().encode('x'), 'bip322')
    expect(verifyMessageBip322('x', ordinals!.address, sig, params)).toBe(false)
  })

  it('legacy ECDSA signatures (BIP-137 header) verify for the p2wpkh address only', () => {
    const [payment, ,] = deriveBitcoinKeys(MNEMONIC, params, 0)
    const [other] = deriveBitcoinKeys(MNEMONIC, params, 1)
    const sig = signMessageEcdsa('hello', payment!.privateKey, 'p2wpkh')
    expect(Buffer.from(sig, 'base64')).toHaveLength(65)
    expect(verifyMessageEcdsa('hello', payment!.address, sig, params)).toBe(true)
    expect(verifyMessageEcdsa('hello', other!.address, sig, params)).toBe(false)
    expect(verifyMessageEcdsa('hell0', payment!.address, sig, params)).toBe(false)
    expect(verifyMessageEcdsa('hello', payment!.address, 'AAAA', params)).toBe(false)
    expect(ecc.isPrivate(payment!.privateKey)).toBe(true)
  })
})

// A key of the BIP-322 vectors (L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k) as raw bytes.
const VECTOR_KEY = Uint8Array.from(
  Buffer.from('bb051cd0dda0246f33c5a9e133ebd8e7bc02a92af6c41adc131ccd7826c5b004', 'hex'),
)

describe('BIP-322 simple for p2sh-p2wpkh (nested segwit)', () => {
  const signer = (privateKey: Uint8Array) => ({
    publicKey: ecc.pointFromScalar(privateKey, true)!,
    sign: (hash: Uint8Array) => ecc.sign(hash, privateKey),
  })
  const nested = (publicKey: Uint8Array, network = params) =>
    payments.p2sh({ redeem: payments.p2wpkh({ pubkey: publicKey, network }), network }).address!

  it('verifies the p2sh-p2wpkh signatures other BIP-322 implementations publish for 37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb', () => {
    const address = '37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb'
    expect(nested(signer(VECTOR_KEY).publicKey, networks.bitcoin)).toBe(address)
    const empty =
      'AkgwRQIhAJFXl+/g7w+UDxvGex2KulmFJshHi02gQZXGRpZ+9bapAiB5Q/ikazTS7FMewqVFil3RLkEErUZ25k6f/xYThoQXogEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy'
    const hello =
      'AkcwRAIgRfq2Gfv9guFcXAf2vQEJSHX8FP5OuiHs1DSK1I0wk/0CIGPzqm6QNPTDJuki148OQ2DbJtXyrr71s4xYPwogQUupASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    expect(verifyMessageBip322('', address, empty, networks.bitcoin)).toBe(true)
    expect(verifyMessageBip322('Hello World', address, hello, networks.bitcoin)).toBe(true)
    expect(verifyMessageBip322('Hello World', address, empty, networks.bitcoin)).toBe(false)
    // The same witness is no proof for the key's native p2wpkh address: to_spend commits to the p2sh script.
    expect(
      verifyMessageBip322(
        'Hello World',
        'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
        hello,
        networks.bitcoin,
      ),
    ).toBe(false)
  })

  it('signs with a real key and verifies; another message, another key or the bare p2wpkh address fails', () => {
    const [payment] = deriveBitcoinKeys(MNEMONIC, params, 0)
    const [other] = deriveBitcoinKeys(MNEMONIC, params, 1)
    const address = nested(payment!.signer.publicKey)
    expect(address.startsWith('2')).toBe(true)
    const sig = signMessageBip322('portico', address, signer(payment!.privateKey), params)
    expect(verifyMessageBip322('portico', address, sig, params)).toBe(true)
    expect(verifyMessageBip322('portico!', address, sig, params)).toBe(false)
    expect(verifyMessageBip322('portico', nested(other!.signer.publicKey), sig, params)).toBe(false)
    expect(verifyMessageBip322('portico', payment!.address, sig, params)).toBe(false)
    // A key that is not the address's: signing refuses (the redeem script would not hash to it).
    expect(() => signMessageBip322('portico', address, signer(other!.privateKey), params)).toThrow(
      UnsupportedMessageAddressError,
    )
  })

  it('p2wsh (and p2pkh) cannot sign BIP-322 simple: a typed error, code UNSUPPORTED_ADDRESS_TYPE', () => {
    const [payment] = deriveBitcoinKeys(MNEMONIC, params, 0)
    const p2wsh = payments.p2wsh({
      redeem: payments.p2wpkh({ pubkey: payment!.signer.publicKey, network: params }),
      network: params,
    }).address!
    const p2pkh = payments.p2pkh({ pubkey: payment!.signer.publicKey, network: params }).address!
    for (const address of [p2wsh, p2pkh]) {
      let caught: unknown
      try {
        signMessageBip322('portico', address, signer(payment!.privateKey), params)
      } catch (e) {
        caught = e
      }
      expect(caught).toBeInstanceOf(UnsupportedMessageAddressError)
      expect((caught as UnsupportedMessageAddressError).code).toBe('UNSUPPORTED_ADDRESS_TYPE')
    }
    const sig = signMessageBip322('portico', payment!.address, signer(payment!.privateKey), params)
    expect(verifyMessageBip322('portico', p2wsh, sig, params)).toBe(false)
  })
})
