// Wallets that inject a Bitcoin provider object rather than a request API,
// each driven in its own documented dialect (read from the wallet's docs):
// UniSat (`window.unisat`, docs.unisat.io) and OKX (`window.okxwallet.bitcoin`,
// OKX's injected-provider docs): address strings from `requestAccounts`,
// `getPublicKey`, `signMessage(text, 'ecdsa' | 'bip322-simple')`, hex PSBTs
// through `signPsbt(hex, { autoFinalized, toSignInputs })`, `accountsChanged`
// (OKX: `accountChanged` with `{ address, publicKey }`); Phantom
// (`window.phantom.bitcoin`, docs.phantom.com/bitcoin): account objects from
// `requestAccounts`, bytes in and out of `signMessage(address, bytes)` and
// `signPSBT(bytes, { inputsToSign })`, `accountsChanged` with account objects.

import { sanitizeWalletName } from '@portico/core'
import { fromHex, toBase64, toHex } from '../bytes/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { type BitcoinWalletDriver, messageText, type RawBitcoinAccount } from './driver.js'

export type InjectedBitcoinKind = 'unisat' | 'okx' | 'phantom'

/** An injected Bitcoin provider found on the page. */
export interface InjectedBitcoinWallet {
  kind: InjectedBitcoinKind
  name: string
  provider: Record<string, unknown>
}

const WHERE: Record<InjectedBitcoinKind, { path: string[]; name: string; needs: string[] }> = {
  unisat: { path: ['unisat'], name: 'UniSat', needs: ['requestAccounts', 'signMessage', 'signPsbt'] },
  okx: {
    path: ['okxwallet', 'bitcoin'],
    name: 'OKX Wallet',
    needs: ['requestAccounts', 'signMessage', 'signPsbt'],
  },
  phantom: {
    path: ['phantom', 'bitcoin'],
    name: 'Phantom',
    needs: ['requestAccounts', 'signMessage', 'signPSBT'],
  },
}

/**
 * Reads the injected Bitcoin providers of `target` (default `window`): each
 * where its wallet documents it, with the methods the adapter calls. An
 * emulation (`isPorticoEmulation`, the devnet's personalities) is named
 * "(emulated)", so it is never passed off as the wallet itself.
 */
export function readInjectedBitcoinWallets(target?: object): InjectedBitcoinWallet[] {
  const on = (target ?? (globalThis as { window?: object }).window) as Record<string, unknown> | undefined
  const out: InjectedBitcoinWallet[] = []
  for (const [kind, where] of Object.entries(WHERE) as [InjectedBitcoinKind, (typeof WHERE)['unisat']][]) {
    let provider: unknown = on
    for (const part of where.path) provider = (provider as Record<string, unknown> | undefined)?.[part]
    if (typeof provider !== 'object' || provider === null) continue
    const p = provider as Record<string, unknown>
    if (!where.needs.every((m) => typeof p[m] === 'function')) continue
    const name = p.isPorticoEmulation === true ? `${where.name} (emulated)` : where.name
    out.push({ kind, name: sanitizeWalletName(name) ?? where.name, provider: p })
  }
  return out
}

type Fn = (...args: unknown[]) => Promise<unknown>
const HEX = /^([0-9a-f]{2})+$/i

/** Drives an injected provider in its wallet's dialect; every off-shape answer is a typed error naming the wallet. */
export function injectedDriver(w: InjectedBitcoinWallet): BitcoinWalletDriver {
  const p = w.provider
  const fn = (name: string) => (p[name] as Fn).bind(p)
  const broken = (what: string) => new InvalidWalletResponseError(`${w.name}: ${what}`)
  const phantom = w.kind === 'phantom'
  let publicKey: unknown
  let granted: RawBitcoinAccount[] = []

  /** UniSat / OKX account lists are address strings; Phantom's are `BtcAccount` objects. */
  const toRaw = (list: unknown, method: string): RawBitcoinAccount[] => {
    if (!Array.isArray(list)) throw broken(`${method} returned no account list`)
    return list.slice(0, 16).map((a) => {
      if (phantom) {
        if (typeof a !== 'object' || a === null) throw broken(`${method} listed a non-object account`)
        const { address, publicKey: key, purpose, addressType } = a as Record<string, unknown>
        return { address, publicKey: key, purpose, addressType }
      }
      if (typeof a !== 'string') throw broken(`${method} listed an account that is not an address string`)
      return { address: a, publicKey, purpose: 'payment' }
    })
  }
  const text = (message: Uint8Array) => messageText(w.name, message)

  return {
    family: 'injected',
    walletName: w.name,
    // Phantom's signMessage has no protocol: it signs BIP-322 "simple".
    messageProtocols: phantom ? ['bip322'] : ['ecdsa', 'bip322'],
    async connect() {
      const list = await fn('requestAccounts')()
      if (!phantom && typeof p.getPublicKey === 'function') {
        const key = await fn('getPublicKey')()
        publicKey = typeof key === 'string' ? key : undefined
      }
      granted = toRaw(list, 'requestAccounts')
      return granted
    },
    grantedAccounts: () => undefined,
    async disconnect() {
      // None of these wallets documents a site disconnect: forgetting the session is all there is.
      granted = []
    },
    async signMessage(address, message, protocol) {
      if (phantom) {
        const result = (await fn('signMessage')(address, message)) as { signature?: unknown } | undefined
        if (!(result?.signature instanceof Uint8Array))
          throw broken('signMessage returned no signature bytes')
        return { signature: toBase64(result.signature) }
      }
      if (!granted.some((a) => a.address === address))
        throw broken(`signs with its selected account only, not ${address}`)
      const signature = await fn('signMessage')(
        text(message),
        protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple',
      )
      if (typeof signature !== 'string') throw broken('signMessage returned no base64 signature')
      return { signature }
    },
    async signPsbt(psbt, inputs) {
      if (phantom) {
        const inputsToSign = inputs.map((i) => ({
          address: i.address,
          signingIndexes: [...i.index],
          ...(i.sighashTypes?.[0] === undefined ? {} : { sigHash: i.sighashTypes[0] }),
        }))
        const signed = await fn('signPSBT')(psbt, { inputsToSign })
        // Phantom's reference says a string, its guide and the provider bytes: take bytes or hex.
        if (signed instanceof Uint8Array) return signed
        if (typeof signed === 'string' && HEX.test(signed)) return fromHex(signed)
        throw broken('signPSBT returned no PSBT bytes')
      }
      const toSignInputs = inputs.flatMap((i) =>
        i.index.map((index) => ({
          index,
          address: i.address,
          ...(i.sighashTypes ? { sighashTypes: i.sighashTypes } : {}),
        })),
      )
      // autoFinalized: false keeps the PSBT partially signed, as every other family returns it.
      const signed = await fn('signPsbt')(toHex(psbt), { autoFinalized: false, toSignInputs })
      if (typeof signed !== 'string' || !HEX.test(signed)) throw broken('signPsbt returned no hex PSBT')
      return fromHex(signed)
    },
    onAccountsChanged(listener) {
      if (typeof p.on !== 'function') return () => {}
      const event = w.kind === 'okx' ? 'accountChanged' : 'accountsChanged'
      const handler = (payload: unknown) => {
        let next: RawBitcoinAccount[]
        try {
          if (w.kind === 'okx') {
            const info = payload as { address?: unknown; publicKey?: unknown } | null
            publicKey = info?.publicKey
            next = info ? toRaw([info.address], event) : []
          } else {
            publicKey = undefined // the new account's key is not in the event; never the old one's
            next = toRaw(payload, event)
          }
        } catch {
          return // a malformed event is not followed; the session keeps its accounts
        }
        granted = next
        listener(next)
      }
      ;(p.on as (e: string, h: (x: unknown) => void) => void).call(p, event, handler)
      return () => {
        if (typeof p.removeListener === 'function')
          (p.removeListener as (e: string, h: (x: unknown) => void) => void).call(p, event, handler)
      }
    },
  }
}
