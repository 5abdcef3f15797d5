import * as ecc from '@bitcoinerlab/secp256k1'
import { networks } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { deriveDevKeys } from '../dev-wallet/keys.js'
import { signMessageEcdsa, verifyBitcoinMessage, verifyMessageBip322, verifyMessageEcdsa } from './index.js'

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
    const { signWithKey } = await import('../dev-wallet/keys.js')
    const [payment, ordinals] = deriveDevKeys(MNEMONIC, params, 0)
    for (const key of [payment!, ordinals!]) {
      const sig = signWithKey(key, new TextEncoder().encode('portico'), 'bip322', params)
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
    const sig = signWithKey(payment!, new TextEncoder().encode('x'), 'bip322', params)
    expect(verifyMessageBip322('x', ordinals!.address, sig, params)).toBe(false)
  })

  it('legacy ECDSA signatures (BIP-137 header) verify for the p2wpkh address only', () => {
    const [payment, ,] = deriveDevKeys(MNEMONIC, params, 0)
    const [other] = deriveDevKeys(MNEMONIC, params, 1)
    const sig = signMessageEcdsa('hello', payment!.privateKey, 'p2wpkh')
    expect(Buffer.from(sig, 'base64')).toHaveLength(65)
    expect(verifyMessageEcdsa('hello', payment!.address, sig, params)).toBe(true)
    expect(verifyMessageEcdsa('hello', other!.address, sig, params)).toBe(false)
    expect(verifyMessageEcdsa('hell0', payment!.address, sig, params)).toBe(false)
    expect(verifyMessageEcdsa('hello', payment!.address, 'AAAA', params)).toBe(false)
    expect(ecc.isPrivate(payment!.privateKey)).toBe(true)
  })
})
