// Leather, emulated from its published interface: the `LeatherProvider`
// request API in leather.io's developer docs and the @leather.io/rpc types
// (`getAddresses` → `{ addresses }` with `symbol` BTC / STX entries,
// `signMessage({ message, paymentType })`, `signPsbt({ hex, signAtIndex })`).
// Written here from those docs, not copied. Quirks kept: getAddresses lists a
// Stacks (STX) entry beside the two Bitcoin ones; PSBTs travel as hex;
// `signAtIndex` names inputs by index only; signMessage picks the key by
// `paymentType`, not by address; errors are thrown as JSON-RPC error objects
// (a user rejection is code 4001); no account or disconnect events.

import {
  type BitcoinPersonality,
  type BitcoinPersonalityOptions,
  brokenAddress,
  createPersonalityBase,
  codedError as fail,
  installListed,
  jsonRpcRequest,
  personalityFace,
  STACKS_ADDRESS,
  utf8,
} from './shared.js'

export const LEATHER_PROVIDER_ID = 'LeatherProvider'

export function createLeatherPersonality(options: BitcoinPersonalityOptions): BitcoinPersonality {
  const base = createPersonalityBase(options, 'p2wpkh')
  const { signer, gate } = base

  async function answer(method: string, p: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getAddresses': {
        await gate.approve(method, p)
        base.connected = true
        const tamper = gate.takeTamper('accounts')
        return {
          addresses: [
            ...signer.keys.map((k) => ({
              symbol: 'BTC',
              type: k.addressType,
              address: tamper ? brokenAddress(k.address) : k.address,
              publicKey: k.publicKey,
              derivationPath: k.path,
            })),
            { symbol: 'STX', address: STACKS_ADDRESS },
          ],
        }
      }
      case 'signMessage': {
        base.requireGrant()
        if (typeof p.message !== 'string') throw fail(-32602, 'message is required')
        const key = signer.keyOf(p.paymentType === 'p2tr' ? 'ordinals' : 'payment')
        await gate.approve(method, p)
        const signature = signer.signMessage(key.address, utf8.encode(p.message), 'bip322')
        return {
          signature: gate.takeTamper('signature') ? signature.slice(0, 24) : signature,
          address: key.address,
          message: p.message,
        }
      }
      case 'signPsbt': {
        base.requireGrant()
        if (typeof p.hex !== 'string') throw fail(-32602, 'hex (the PSBT, hex-encoded) is required')
        const psbt = signer.readPsbt(p.hex, 'hex')
        const at = p.signAtIndex
        const indexes = at === undefined ? undefined : Array.isArray(at) ? at : [at]
        await gate.approve(method, p)
        signer.signPsbt(psbt, indexes ? indexes.map((index: number) => ({ index })) : 'own')
        if (p.broadcast === true) throw fail(-32603, 'broadcast is not emulated')
        return { hex: psbt.toHex() }
      }
      default:
        throw fail(-32601, `${method} is not supported`)
    }
  }

  // Leather rejects the promise with the JSON-RPC error response.
  const provider = { request: jsonRpcRequest('leather', answer, 'throw') }

  // No account or disconnect events: Leather does not tell a site.
  return personalityFace(base, {
    id: 'leather',
    name: 'Leather (emulated)',
    install: (target) =>
      installListed(target, LEATHER_PROVIDER_ID, provider, {
        name: 'Leather (emulated)',
        methods: ['getAddresses', 'signMessage', 'signPsbt'],
      }),
  })
}
