import { fromBase64, toBase64 } from '../bytes/index.js'
import type { BitcoinPurpose } from '../contract/index.js'
import type { DevWalletCore } from './index.js'

/** A WBIP004 / sats-connect JSON-RPC answer: `result` or `error`, never a thrown error. */
export type WbipResponse<T = unknown> =
  | { jsonrpc: '2.0'; id: string; result: T }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

/** The request API a `btc_providers` wallet installs under `window[id]`. */
export interface WbipProvider {
  request(method: string, params?: unknown): Promise<WbipResponse>
}

/** A `window.btc_providers` entry (WBIP004). */
export interface WbipProviderInfo {
  id: string
  name: string
  icon: string
  webUrl?: string
  methods?: string[]
}

const METHODS = ['getInfo', 'getAddresses', 'signMessage', 'signPsbt']
let ids = 0

/** The WBIP004 request face of the dev wallet (sats-connect method and parameter names). */
export function createDevRequestProvider(
  core: DevWalletCore,
  id: string,
): { provider: WbipProvider; info: WbipProviderInfo; register(target?: object): () => void } {
  const answer = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', methods: METHODS }
      case 'getAddresses': {
        const purposes = (
          Array.isArray(params.purposes) && params.purposes.length ? params.purposes : ['payment']
        ) as BitcoinPurpose[]
        await core.approval('getAddresses', params)
        core.connected = true
        const tamper = core.takeTamper('accounts')
        return {
          addresses: core.keysFor(purposes).map((k) => ({
            address: tamper ? `${k.address.slice(0, -6)}xxxxxx` : k.address,
            publicKey: k.publicKey,
            purpose: k.purpose,
            addressType: k.addressType === 'p2sh-p2wpkh' ? 'p2sh' : k.addressType,
          })),
        }
      }
      case 'signMessage': {
        const { address, message, protocol } = params as {
          address?: unknown
          message?: unknown
          protocol?: unknown
        }
        if (typeof address !== 'string' || typeof message !== 'string')
          throw Object.assign(new Error('address and message are required'), { code: -32602 })
        core.keyFor(address)
        await core.approval('signMessage', params)
        const p = protocol === 'ECDSA' ? 'ecdsa' : 'bip322'
        const signature = core.signer.signMessage(
          core.keyFor(address).address,
          new TextEncoder().encode(message),
          p,
        )
        return {
          signature: core.takeTamper('signature') ? signature.slice(0, 24) : signature,
          address,
          protocol: p === 'ecdsa' ? 'ECDSA' : 'BIP322',
        }
      }
      case 'signPsbt': {
        const { psbt, signInputs, broadcast } = params as {
          psbt?: unknown
          signInputs?: unknown
          broadcast?: unknown
        }
        if (typeof psbt !== 'string' || typeof signInputs !== 'object' || signInputs === null)
          throw Object.assign(new Error('psbt (base64) and signInputs are required'), { code: -32602 })
        const inputs = Object.entries(signInputs as Record<string, number[]>).map(([address, indexes]) => {
          core.keyFor(address)
          return { address, indexes }
        })
        await core.approval('signPsbt', params)
        const signed = await core.signPsbt(fromBase64(psbt), inputs, broadcast === true)
        return {
          psbt: toBase64(signed.psbt),
          ...(signed.txid ? { txid: signed.txid } : {}),
        }
      }
      default:
        throw Object.assign(new Error(`Method ${method} is not supported`), { code: -32601 })
    }
  }
  const provider: WbipProvider = {
    async request(method, params) {
      const rid = `dev-${++ids}`
      try {
        const result = await answer(method, (params ?? {}) as Record<string, unknown>)
        return { jsonrpc: '2.0', id: rid, result }
      } catch (e) {
        const code = (e as { code?: unknown }).code
        return {
          jsonrpc: '2.0',
          id: rid,
          // A user rejection is JSON-RPC -32000 (sats-connect's USER_REJECTION) on this face.
          error: {
            code: code === 4001 ? -32000 : typeof code === 'number' ? code : -32603,
            message: (e as Error).message,
          },
        }
      }
    },
  }
  const info: WbipProviderInfo = { id, name: core.name, icon: core.icon, methods: METHODS }
  return {
    provider,
    info,
    register(target) {
      const on = (target ?? (globalThis as { window?: object }).window) as
        | (Record<string, unknown> & { btc_providers?: WbipProviderInfo[] })
        | undefined
      if (!on) throw new Error('registerRequestProvider(): no window; pass a target object')
      on[id] = provider
      on.btc_providers = [...(on.btc_providers ?? []).filter((p) => p.id !== id), info]
      return () => {
        if (on[id] === provider) delete on[id]
        on.btc_providers = (on.btc_providers ?? []).filter((p) => p !== info)
      }
    },
  }
}
