// Phantom's Bitcoin provider, emulated from its published interface:
// docs.phantom.com/bitcoin (provider API reference: `requestAccounts` →
// `BtcAccount[]` `{ address, addressType, publicKey, purpose }`,
// `signMessage(address, Uint8Array)` → `{ signature: Uint8Array }`,
// `signPSBT(Uint8Array, { inputsToSign: [{ address, signingIndexes, sigHash? }] })`
// → `Uint8Array`, the `accountsChanged` event). Written here from those docs,
// not copied. Quirks kept: bytes, not strings, in and out; signatures are
// BIP-322 "simple" as raw bytes; errors are thrown `{ code: 4001 }`; a dropped
// site reads as `accountsChanged([])`.

import {
  type BitcoinPersonality,
  type BitcoinPersonalityOptions,
  brokenAddress,
  createPersonalityBase,
  codedError as fail,
  fromBase64,
  installAt,
  personalityFace,
} from './shared.js'

export function createPhantomPersonality(options: BitcoinPersonalityOptions): BitcoinPersonality {
  const base = createPersonalityBase(options, 'p2wpkh')
  const { signer, gate } = base
  const accounts = (tamper = false) =>
    signer.keys.map((k) => ({
      address: tamper ? brokenAddress(k.address) : k.address,
      addressType: k.addressType,
      publicKey: k.publicKey,
      purpose: k.purpose,
    }))
  const provider = {
    isPhantom: true,
    isPorticoEmulation: true,
    async requestAccounts() {
      await gate.approve('requestAccounts', undefined)
      base.connected = true
      return accounts(gate.takeTamper('accounts'))
    },
    async signMessage(address: unknown, message: unknown) {
      base.requireGrant()
      if (typeof address !== 'string' || !(message instanceof Uint8Array))
        throw fail(-32602, 'signMessage(address: string, message: Uint8Array)')
      if (!signer.keyFor(address)) throw fail(4100, 'The requested address is not authorized')
      await gate.approve('signMessage', { address, message })
      const signature = fromBase64(signer.signMessage(address, message, 'bip322'))
      return { signature: gate.takeTamper('signature') ? signature.slice(0, 20) : signature }
    },
    async signPSBT(psbt: unknown, opts?: { inputsToSign?: unknown[] }) {
      base.requireGrant()
      if (!(psbt instanceof Uint8Array)) throw fail(-32602, 'signPSBT(psbt: Uint8Array, options)')
      const parsed = signer.readPsbt(psbt, 'bytes')
      if (!Array.isArray(opts?.inputsToSign)) throw fail(-32602, 'options.inputsToSign is required')
      const targets = opts.inputsToSign.flatMap((t) => {
        const { address, signingIndexes, sigHash } = (t ?? {}) as Record<string, unknown>
        if (typeof address !== 'string' || !Array.isArray(signingIndexes))
          throw fail(-32602, 'inputsToSign[] needs address and signingIndexes')
        return signingIndexes.map((index: number) => ({
          index,
          address,
          ...(typeof sigHash === 'number' ? { sighashTypes: [sigHash] } : {}),
        }))
      })
      await gate.approve('signPSBT', { psbt, opts })
      return signer.signPsbt(parsed, targets).toBuffer()
    },
    on(event: string, listener: (payload: unknown) => void) {
      base.on(event, listener)
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      base.on(event, listener)()
    },
  }
  return personalityFace(base, {
    id: 'phantom',
    name: 'Phantom (emulated)',
    announce: () => base.emit('accountsChanged', accounts()),
    revoke: () => base.emit('accountsChanged', []),
    install: (target) => installAt(target, 'phantom.bitcoin', provider),
  })
}
