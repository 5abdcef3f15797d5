import { Verifier } from 'bip322-js'
import { Psbt, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { createBitcoinSigner } from './index.js'
import { BITCOIN_DEV_MNEMONIC } from './mnemonic.js'

const utf8 = new TextEncoder()

// The signing core against an implementation it shares no code with (bip322-js, the
// conformance kit's verifier): every address kind a dev surface or personality signs for.
describe('Bitcoin signing core', () => {
  for (const paymentType of ['p2wpkh', 'p2sh-p2wpkh'] as const) {
    it(`${paymentType} payment + p2tr ordinals: BIP-322 verifies for both, ECDSA (BIP-137) for the payment key; another message does not`, () => {
      const signer = createBitcoinSigner({ mnemonic: BITCOIN_DEV_MNEMONIC, paymentType })
      for (const key of signer.keys) {
        const sig = signer.signMessage(key.address, utf8.encode('portico'), 'bip322')
        expect(Verifier.verifySignature(key.address, 'portico', sig)).toBe(true)
        expect(Verifier.verifySignature(key.address, 'portico!', sig)).toBe(false)
      }
      const payment = signer.keyOf('payment')
      const ecdsa = signer.signMessage(payment.address, utf8.encode('portico'), 'ecdsa')
      expect(Verifier.verifySignature(payment.address, 'portico', ecdsa)).toBe(true)
      expect(() => signer.signMessage(signer.keyOf('ordinals').address, utf8.encode('x'), 'ecdsa')).toThrow(
        /ECDSA signing needs/,
      )
    })
  }

  it('signs only its own inputs, checks the named address, and finalizes what it signed', () => {
    const signer = createBitcoinSigner({ mnemonic: BITCOIN_DEV_MNEMONIC, paymentType: 'p2sh-p2wpkh' })
    const own = signer.keyOf('payment')
    const foreign = payments.p2wpkh({ hash: new Uint8Array(20), network: signer.params }).output!
    const psbt = new Psbt({ network: signer.params })
    psbt.addInput({ hash: 'a'.repeat(64), index: 0, witnessUtxo: { script: own.script, value: 10_000n } })
    psbt.addInput({ hash: 'b'.repeat(64), index: 0, witnessUtxo: { script: foreign, value: 10_000n } })
    psbt.addOutput({ script: foreign, value: 9_000n })
    expect(() => signer.signPsbt(psbt.clone(), [{ index: 1 }])).toThrow(/input 1 does not spend/)
    expect(() =>
      signer.signPsbt(psbt.clone(), [{ index: 0, address: signer.keyOf('ordinals').address }]),
    ).toThrow(/input 0 spends/)
    const signed = signer.signPsbt(psbt.clone(), 'own', { finalize: true })
    expect(signed.data.inputs[0]!.finalScriptWitness).toBeDefined()
    expect(signed.data.inputs[0]!.finalScriptSig).toBeDefined() // p2sh: the redeem script pushed
    expect(signed.data.inputs[1]!.finalScriptWitness).toBeUndefined()
  })
})
