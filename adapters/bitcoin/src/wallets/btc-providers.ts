// WBIP004 discovery: wallets list themselves in `window.btc_providers` and
// install a request provider at `window[id]` (sats-connect's method names).

import { fromBase64, toBase64 } from '../bytes/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { BitcoinWalletDriver, RawBitcoinAccount } from './driver.js'

/** A `btc_providers` entry after validation, with its provider. */
export interface AnnouncedBtcProvider {
  id: string
  name: string
  icon?: string
  provider: { request(method: string, params?: unknown): Promise<unknown> }
}

const ID = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/

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
  if (typeof result !== 'object' || result === null)
    throw new InvalidWalletResponseError(`${method} returned no result`)
  return result as Record<string, unknown>
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Drives a WBIP004 request-API wallet. */
export function btcProviderDriver(p: AnnouncedBtcProvider): BitcoinWalletDriver {
  return {
    family: 'btc-providers',
    async connect(purposes) {
      const result = await call(p, 'getAddresses', { purposes })
      if (!Array.isArray(result.addresses))
        throw new InvalidWalletResponseError('getAddresses returned no addresses')
      return result.addresses.map((a: unknown) => {
        const { address, publicKey, purpose, addressType } = (a ?? {}) as Record<string, unknown>
        return { address, publicKey, purpose, addressType } satisfies RawBitcoinAccount
      })
    },
    grantedAccounts: () => undefined,
    async disconnect() {
      // The request API has no disconnect: forgetting the session is all there is.
    },
    async signMessage(address, message, protocol) {
      let text: string
      try {
        text = decoder.decode(message)
      } catch {
        throw new InvalidWalletResponseError('this wallet signs text messages only (the bytes are not UTF-8)')
      }
      const result = await call(p, 'signMessage', {
        address,
        message: text,
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })
      if (typeof result.signature !== 'string')
        throw new InvalidWalletResponseError('signMessage returned no signature')
      return { signature: result.signature }
    },
    async signPsbt(psbt, inputs) {
      const signInputs: Record<string, number[]> = {}
      for (const i of inputs) signInputs[i.address] = [...(signInputs[i.address] ?? []), ...i.index]
      const result = await call(p, 'signPsbt', {
        psbt: toBase64(psbt),
        signInputs,
        broadcast: false,
      })
      if (typeof result.psbt !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(result.psbt))
        throw new InvalidWalletResponseError('signPsbt returned no base64 PSBT')
      try {
        return fromBase64(result.psbt)
      } catch {
        throw new InvalidWalletResponseError('signPsbt returned no base64 PSBT')
      }
    },
    onAccountsChanged: () => () => {},
  }
}
