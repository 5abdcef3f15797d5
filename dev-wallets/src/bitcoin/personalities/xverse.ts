// Xverse, emulated from its published interface: sats-connect's docs
// (docs.xverse.app/sats-connect: `wallet_connect`, `getAddresses`,
// `signMessage`, `signPsbt`, `wallet_disconnect`, wallet events) and the
// WBIP004 `btc_providers` listing. Written here from those docs, not copied.
// Quirks kept: nothing but `wallet_connect` grants access (getAddresses before
// it answers ACCESS_DENIED, -32002); the payment address is p2sh-p2wpkh; a
// connect that asks for no purposes gets a Stacks entry as well; answers are
// JSON-RPC objects (`result` or `error`), never thrown; a user rejection is
// -32000 (USER_REJECTION); PSBTs are base64 with `signInputs: { address: [i] }`.

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

export const XVERSE_PROVIDER_ID = 'XverseProviders.BitcoinProvider'

export function createXversePersonality(options: BitcoinPersonalityOptions): BitcoinPersonality {
  const base = createPersonalityBase(options, 'p2sh-p2wpkh')
  const { signer, gate } = base
  const addresses = (purposes: unknown[]) => {
    const tamper = gate.takeTamper('accounts')
    return [
      ...signer.keys
        .filter((k) => purposes.includes(k.purpose))
        .map((k) => ({
          address: tamper ? brokenAddress(k.address) : k.address,
          publicKey: k.publicKey,
          purpose: k.purpose,
          addressType: k.addressType === 'p2sh-p2wpkh' ? 'p2sh' : k.addressType,
          walletType: 'software',
        })),
      ...(purposes.includes('stacks')
        ? [
            {
              address: STACKS_ADDRESS,
              publicKey: '',
              purpose: 'stacks',
              addressType: 'stacks',
              walletType: 'software',
            },
          ]
        : []),
    ]
  }

  async function answer(method: string, p: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'wallet_connect': {
        const purposes = Array.isArray(p.addresses) ? p.addresses : ['payment', 'ordinals', 'stacks']
        await gate.approve(method, p)
        base.connected = true
        return {
          id: 'emulated-xverse',
          walletType: 'software',
          addresses: addresses(purposes),
          network: { bitcoin: { name: 'Regtest' }, stacks: { name: 'Testnet' } },
        }
      }
      case 'getAddresses':
        if (!base.connected) throw fail(-32002, 'Access denied: call wallet_connect first')
        return { addresses: addresses(Array.isArray(p.purposes) ? p.purposes : ['payment']) }
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        base.connected = false
        return null
      case 'signMessage': {
        base.requireGrant()
        const key = typeof p.address === 'string' ? signer.keyFor(p.address) : undefined
        if (!key || typeof p.message !== 'string') throw fail(-32602, 'address and message are required')
        await gate.approve(method, p)
        const protocol = p.protocol === 'ECDSA' ? 'ecdsa' : 'bip322'
        const signature = signer.signMessage(key.address, utf8.encode(p.message), protocol)
        return {
          signature: gate.takeTamper('signature') ? signature.slice(0, 24) : signature,
          address: key.address,
          protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
        }
      }
      case 'signPsbt': {
        base.requireGrant()
        if (typeof p.psbt !== 'string' || typeof p.signInputs !== 'object' || p.signInputs === null)
          throw fail(-32602, 'psbt (base64) and signInputs are required')
        const psbt = signer.readPsbt(p.psbt, 'base64')
        const targets = Object.entries(p.signInputs as Record<string, unknown>).flatMap(
          ([address, indexes]) =>
            (Array.isArray(indexes) ? indexes : []).map((index: number) => ({ index, address })),
        )
        await gate.approve(method, p)
        signer.signPsbt(psbt, targets)
        if (p.broadcast === true) throw fail(-32001, 'broadcast is not emulated')
        return { psbt: psbt.toBase64() }
      }
      default:
        throw fail(-32601, `Method ${method} not found`)
    }
  }

  const provider = {
    // Answers are resolved, errors included; a user rejection is USER_REJECTION (-32000).
    request: jsonRpcRequest('xverse', answer, 'resolve', (code) => (code === 4001 ? -32000 : code)),
    /** sats-connect's `addListener('accountChange' | 'accountDisconnected' | 'networkChange', cb)`. */
    addListener(event: string, listener: (payload: unknown) => void) {
      return base.on(event, listener)
    },
  }

  return personalityFace(base, {
    id: 'xverse',
    name: 'Xverse (emulated)',
    announce: () =>
      base.emit('accountChange', { type: 'accountChange', addresses: addresses(['payment', 'ordinals']) }),
    revoke: () => base.emit('accountDisconnected', { type: 'accountDisconnected' }),
    install: (target) =>
      installListed(target, XVERSE_PROVIDER_ID, provider, {
        name: 'Xverse (emulated)',
        methods: ['wallet_connect', 'getAddresses', 'signMessage', 'signPsbt', 'wallet_disconnect'],
      }),
  })
}
