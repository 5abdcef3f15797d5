// WBIP004 discovery: wallets list themselves in `window.btc_providers` and
// install a request provider at `window[id]`. Two dialects share the entry
// point (each read from the wallet's own docs): sats-connect's (Xverse:
// `wallet_connect` grants access, then `getAddresses`; base64 PSBTs with
// `signInputs: { address: [index] }`; JSON-RPC answers, events through
// `addListener`), and Leather's (`LeatherProvider.request`: `getAddresses`
// lists BTC and STX entries by `symbol`; hex PSBTs with `signAtIndex`;
// BIP-322 messages by `paymentType`; errors thrown as JSON-RPC objects).

import { fromBase64, fromHex, toBase64, toHex } from '../bytes/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import { type BitcoinWalletDriver, messageText, type RawBitcoinAccount } from './driver.js'

/** A `btc_providers` entry after validation, with its provider. */
export interface AnnouncedBtcProvider {
  id: string
  name: string
  icon?: string
  provider: {
    request(method: string, params?: unknown): Promise<unknown>
    addListener?(event: string, listener: (payload: unknown) => void): unknown
  }
}

const ID = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/
/** Leather's provider id (its `btc_providers` entry and global). */
const LEATHER_ID = 'LeatherProvider'
/** sats-connect's ACCESS_DENIED and METHOD_NOT_FOUND / METHOD_NOT_SUPPORTED codes. */
const ACCESS_DENIED = -32002
const NOT_THERE = new Set([-32601, -32001])

/**
 * Reads `target.btc_providers` (default `window`): entries with a valid id
 * naming a global path, a name, and a provider with `request` at that path.
 * Malformed entries are skipped (they come from any script on the page).
 */
export function readBtcProviders(target?: object): AnnouncedBtcProvider[] {
  const on = (target ?? (globalThis as { window?: object }).window) as Record<string, unknown> | undefined
  const list = on?.btc_providers
  if (!Array.isArray(list)) return []
  const out: AnnouncedBtcProvider[] = []
  for (const entry of list.slice(0, 32)) {
    if (typeof entry !== 'object' || entry === null) continue
    const { id, name, icon } = entry as { id?: unknown; name?: unknown; icon?: unknown }
    if (typeof id !== 'string' || !ID.test(id) || typeof name !== 'string') continue
    let provider: unknown = on
    for (const part of id.split('.')) provider = (provider as Record<string, unknown> | undefined)?.[part]
    if (typeof (provider as { request?: unknown })?.request !== 'function') continue
    if (out.some((p) => p.id === id)) continue
    out.push({
      id,
      name,
      ...(typeof icon === 'string' ? { icon } : {}),
      provider: provider as AnnouncedBtcProvider['provider'],
    })
  }
  return out
}

/** An answer that breaks the wallet's documented shape: typed, naming the wallet. */
const broken = (p: AnnouncedBtcProvider, what: string) => new InvalidWalletResponseError(`${p.name}: ${what}`)

/** Unwraps a JSON-RPC answer: `result`, or throws its `error` (code kept for mapping). */
async function call(
  p: AnnouncedBtcProvider,
  method: string,
  params: unknown,
): Promise<Record<string, unknown>> {
  const response = (await p.provider.request(method, params)) as {
    result?: unknown
    error?: { code?: unknown; message?: unknown }
  }
  if (response && typeof response === 'object' && response.error) {
    const { code, message } = response.error
    throw Object.assign(new Error(typeof message === 'string' ? message : `${method} failed`), { code })
  }
  const result = response && typeof response === 'object' ? response.result : undefined
  if (typeof result !== 'object' || result === null) throw broken(p, `${method} returned no result`)
  return result as Record<string, unknown>
}

const codeOf = (e: unknown): unknown => {
  const { code, error } = (e ?? {}) as { code?: unknown; error?: { code?: unknown } }
  return code ?? error?.code
}

/**
 * The Bitcoin entries of an address list. Entries another chain's (Leather's
 * `symbol: 'STX'`, sats-connect's `purpose: 'stacks'`) are documented
 * neighbours and set aside; anything that is not an object is a broken answer.
 */
function bitcoinEntries(p: AnnouncedBtcProvider, list: unknown, method: string): RawBitcoinAccount[] {
  if (!Array.isArray(list)) throw broken(p, `${method} returned no address list`)
  const out: RawBitcoinAccount[] = []
  for (const entry of list.slice(0, 16)) {
    if (typeof entry !== 'object' || entry === null) throw broken(p, `${method} listed a non-object entry`)
    const { address, publicKey, purpose, addressType, type, symbol } = entry as Record<string, unknown>
    if (symbol !== undefined && symbol !== 'BTC') continue
    if (purpose === 'stacks' || purpose === 'starknet' || purpose === 'spark') continue
    out.push({ address, publicKey, purpose, addressType: addressType ?? type })
  }
  return out
}

const HEX = /^([0-9a-f]{2})+$/i
const BASE64 = /^[A-Za-z0-9+/]+=*$/

/** Drives a WBIP004 request-API wallet in its own dialect (sats-connect's, or Leather's). */
export function btcProviderDriver(p: AnnouncedBtcProvider): BitcoinWalletDriver {
  const leather = p.id === LEATHER_ID
  let accounts: RawBitcoinAccount[] = []
  const text = (message: Uint8Array) => messageText(p.name, message)
  return {
    family: 'btc-providers',
    walletName: p.name,
    // Leather signs BIP-322 only (its signMessage has no protocol parameter).
    messageProtocols: leather ? ['bip322'] : ['ecdsa', 'bip322'],
    async connect(purposes) {
      if (leather) {
        const result = await call(p, 'getAddresses', {})
        accounts = bitcoinEntries(p, result.addresses, 'getAddresses')
        return accounts
      }
      // sats-connect: `wallet_connect` grants access first; older wallets without it answer getAddresses directly.
      try {
        const result = await call(p, 'wallet_connect', { addresses: [...purposes] })
        accounts = bitcoinEntries(p, result.addresses, 'wallet_connect')
        return accounts
      } catch (e) {
        if (!NOT_THERE.has(codeOf(e) as number)) throw e
      }
      const result = await call(p, 'getAddresses', { purposes })
      accounts = bitcoinEntries(p, result.addresses, 'getAddresses')
      return accounts
    },
    grantedAccounts: () => undefined,
    async disconnect() {
      accounts = []
      if (leather) return // Leather has no disconnect: forgetting the session is all there is.
      try {
        await call(p, 'wallet_disconnect', null)
      } catch (e) {
        // A wallet without wallet_disconnect (older sats-connect): nothing to revoke.
        if (!NOT_THERE.has(codeOf(e) as number) && codeOf(e) !== ACCESS_DENIED) throw e
      }
    },
    async signMessage(address, message, protocol) {
      if (leather) {
        const own = accounts.find((a) => a.address === address)
        const paymentType = own?.addressType === 'p2tr' ? 'p2tr' : 'p2wpkh'
        const result = await call(p, 'signMessage', { message: text(message), paymentType })
        if (typeof result.signature !== 'string') throw broken(p, 'signMessage returned no signature')
        if (result.address !== undefined && result.address !== address)
          throw broken(p, `signMessage signed with ${String(result.address)}, not ${address}`)
        return { signature: result.signature }
      }
      const result = await call(p, 'signMessage', {
        address,
        message: text(message),
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })
      if (typeof result.signature !== 'string') throw broken(p, 'signMessage returned no signature')
      return { signature: result.signature }
    },
    async signPsbt(psbt, inputs) {
      if (leather) {
        const signAtIndex = inputs.flatMap((i) => i.index)
        const result = await call(p, 'signPsbt', { hex: toHex(psbt), signAtIndex, broadcast: false })
        if (typeof result.hex !== 'string' || !HEX.test(result.hex))
          throw broken(p, 'signPsbt returned no hex PSBT')
        return fromHex(result.hex)
      }
      const signInputs: Record<string, number[]> = {}
      for (const i of inputs) signInputs[i.address] = [...(signInputs[i.address] ?? []), ...i.index]
      const result = await call(p, 'signPsbt', { psbt: toBase64(psbt), signInputs, broadcast: false })
      if (typeof result.psbt !== 'string' || !BASE64.test(result.psbt))
        throw broken(p, 'signPsbt returned no base64 PSBT')
      try {
        return fromBase64(result.psbt)
      } catch {
        throw broken(p, 'signPsbt returned no base64 PSBT')
      }
    },
    onAccountsChanged(listener) {
      // sats-connect's wallet events: `accountChange` carries the new account's addresses,
      // `accountDisconnected` revokes. Leather (and WBIP004 itself) has none.
      const add = p.provider.addListener
      if (leather || typeof add !== 'function') return () => {}
      const offs = [
        add.call(p.provider, 'accountChange', (event: unknown) => {
          let next: RawBitcoinAccount[]
          try {
            next = bitcoinEntries(p, (event as { addresses?: unknown })?.addresses, 'accountChange')
          } catch {
            return // the session keeps its accounts; the adapter never follows a malformed event
          }
          accounts = next
          listener(next)
        }),
        add.call(p.provider, 'accountDisconnected', () => {
          accounts = []
          listener([])
        }),
      ]
      return () => {
        for (const off of offs) if (typeof off === 'function') off()
      }
    },
  }
}
