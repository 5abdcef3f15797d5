// UniSat and OKX Wallet, emulated from their published interfaces: UniSat's
// developer docs (docs.unisat.io: `window.unisat.requestAccounts`,
// `getAccounts`, `getPublicKey`, `getNetwork`, `signMessage(msg, 'ecdsa' |
// 'bip322-simple')`, `signPsbt(psbtHex, { autoFinalized, toSignInputs })`,
// events `accountsChanged` / `networkChanged`) and OKX's injected provider
// docs (web3.okx.com dev-docs, `okxwallet.bitcoin`: the same methods plus
// `connect()` → `{ address, publicKey, compressedPublicKey }` and the
// `accountChanged` event with that object). Written here from those docs, not
// copied. Quirks kept: one address (the account's p2wpkh); accounts are bare
// strings; signMessage defaults to ECDSA; signPsbt takes and returns hex and
// finalizes the inputs it signed unless `autoFinalized: false`; errors are
// thrown `{ code: 4001 }`; a dropped site reads as `accountsChanged([])`.

import {
  type BitcoinPersonality,
  type BitcoinPersonalityOptions,
  brokenAddress,
  createPersonalityBase,
  codedError as fail,
  installAt,
  personalityFace,
  utf8,
} from './shared.js'

type Flavour = 'unisat' | 'okx'

function createUnisatLike(flavour: Flavour, options: BitcoinPersonalityOptions): BitcoinPersonality {
  const base = createPersonalityBase(options, 'p2wpkh')
  const { signer, gate } = base
  const payment = () => signer.keyOf('payment')
  const accounts = () => {
    const address = payment().address
    return [gate.takeTamper('accounts') ? brokenAddress(address) : address]
  }
  const provider = {
    /** Marks an emulation, so a site names it "(emulated)" and never passes it off as the real wallet. */
    isPorticoEmulation: true,
    async requestAccounts() {
      await gate.approve('requestAccounts', undefined)
      base.connected = true
      return accounts()
    },
    async getAccounts() {
      return base.connected ? accounts() : []
    },
    async getPublicKey() {
      base.requireGrant()
      return payment().publicKey
    },
    async getNetwork() {
      return signer.network === 'mainnet' ? 'livenet' : 'testnet'
    },
    async signMessage(message: unknown, type: unknown = 'ecdsa') {
      base.requireGrant()
      if (typeof message !== 'string') throw fail(-32602, 'message must be a string')
      if (type !== 'ecdsa' && type !== 'bip322-simple')
        throw fail(-32602, `unknown message type ${String(type)}`)
      await gate.approve('signMessage', { message, type })
      const signature = signer.signMessage(
        payment().address,
        utf8.encode(message),
        type === 'ecdsa' ? 'ecdsa' : 'bip322',
      )
      return gate.takeTamper('signature') ? signature.slice(0, 24) : signature
    },
    async signPsbt(psbtHex: unknown, opts?: { autoFinalized?: boolean; toSignInputs?: unknown[] }) {
      base.requireGrant()
      if (typeof psbtHex !== 'string') throw fail(-32602, 'psbtHex must be a hex string')
      const psbt = signer.readPsbt(psbtHex, 'hex')
      const targets = Array.isArray(opts?.toSignInputs)
        ? opts.toSignInputs.map((t) => {
            const { index, address, sighashTypes } = (t ?? {}) as Record<string, unknown>
            if (typeof index !== 'number') throw fail(-32602, 'toSignInputs[].index must be a number')
            return {
              index,
              ...(typeof address === 'string' ? { address } : {}),
              ...(Array.isArray(sighashTypes) ? { sighashTypes: sighashTypes as number[] } : {}),
            }
          })
        : ('own' as const)
      await gate.approve('signPsbt', { psbtHex, opts })
      return signer.signPsbt(psbt, targets, { finalize: opts?.autoFinalized !== false }).toHex()
    },
    on(event: string, listener: (payload: unknown) => void) {
      base.on(event, listener)
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      base.on(event, listener)()
    },
    ...(flavour === 'okx'
      ? {
          async connect() {
            await provider.requestAccounts()
            const key = payment()
            return { address: key.address, publicKey: key.publicKey, compressedPublicKey: key.publicKey }
          },
        }
      : {}),
  }
  const announce = () => {
    if (flavour === 'okx') {
      const key = payment()
      base.emit('accountChanged', base.connected ? { address: key.address, publicKey: key.publicKey } : null)
    } else base.emit('accountsChanged', base.connected ? [payment().address] : [])
  }
  return personalityFace(base, {
    id: flavour,
    name: flavour === 'okx' ? 'OKX Wallet (emulated)' : 'UniSat (emulated)',
    announce,
    // UniSat reads a dropped site as no accounts; OKX documents no such event.
    ...(flavour === 'unisat' ? { revoke: announce } : {}),
    install: (target) => installAt(target, flavour === 'okx' ? 'okxwallet.bitcoin' : 'unisat', provider),
  })
}

export const createUnisatPersonality = (options: BitcoinPersonalityOptions) =>
  createUnisatLike('unisat', options)
export const createOkxPersonality = (options: BitcoinPersonalityOptions) => createUnisatLike('okx', options)
