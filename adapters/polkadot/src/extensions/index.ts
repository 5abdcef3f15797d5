import type { Signer } from '@polkadot/api/types'
import { type Connector, sanitizeWalletName } from '@portico/core'
import { decodeSs58, encodeSs58, toHex } from '../address/index.js'
import { InvalidExtensionResponseError } from '../errors/index.js'

export { watchInjection } from './watch.js'

/**
 * Display names of extensions we know by their `injectedWeb3` key. Any other
 * key is shown as its sanitised self.
 */
export const KNOWN_EXTENSIONS: Readonly<Record<string, string>> = {
  'polkadot-js': 'polkadot{.js}',
  'subwallet-js': 'SubWallet',
  talisman: 'Talisman',
  'fearless-wallet': 'Fearless Wallet',
  enkrypt: 'Enkrypt',
  polkagate: 'PolkaGate',
  'portico-dev': 'Portico Dev Extension',
}

/** Keys are object keys chosen by any script: only short plain ones become connectors. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9 ._@+-]{0,63}$/

/** An `injectedWeb3` entry that has the protocol's `enable(origin)`. */
export interface InjectedEntry {
  enable(origin: string): Promise<unknown>
  version?: unknown
}

export interface DiscoveredExtension {
  key: string
  entry: InjectedEntry
  connector: Connector
}

/** Stable connector id of an extension: its `injectedWeb3` key (one entry per key, so no name can take another's place). */
export function extensionConnectorId(key: string): string {
  return `injectedWeb3:${key}`
}

/**
 * The extensions present in `win.injectedWeb3`, each as a connector. Entries
 * without an `enable` function or with an odd key are skipped (and reported
 * through `onSkip`); names are sanitised text.
 */
export function discoverExtensions(
  win: unknown,
  onSkip?: (key: string, why: string) => void,
): DiscoveredExtension[] {
  const web3 = (win as { injectedWeb3?: unknown } | undefined)?.injectedWeb3
  if (!web3 || typeof web3 !== 'object') return []
  const found: DiscoveredExtension[] = []
  for (const key of Object.keys(web3)) {
    if (!KEY.test(key)) {
      onSkip?.(key.slice(0, 80), 'key is not a short plain name')
      continue
    }
    const entry = (web3 as Record<string, unknown>)[key] as Partial<InjectedEntry> | null
    if (!entry || typeof entry !== 'object' || typeof entry.enable !== 'function') {
      onSkip?.(key, 'no enable(origin) function')
      continue
    }
    found.push({
      key,
      entry: entry as InjectedEntry,
      connector: {
        id: extensionConnectorId(key),
        type: 'INJECTED',
        // Own keys only: `constructor` or `toString` must not name a connector after Object.prototype.
        name:
          (Object.hasOwn(KNOWN_EXTENSIONS, key) ? KNOWN_EXTENSIONS[key] : undefined) ??
          sanitizeWalletName(key) ??
          'Extension',
        chain: 'polkadot',
        installed: true,
      },
    })
  }
  return found
}

/** What `enable(origin)` must resolve: accounts with `get` (and maybe `subscribe`) and a signer. */
export interface ValidInjected {
  accounts: {
    get(anyType?: boolean): Promise<unknown>
    subscribe?(cb: (accounts: unknown) => void): unknown
  }
  signer: Signer
}

/** Checks the shape of what an extension's `enable` resolved; throws `InvalidExtensionResponseError`. */
export function validateInjected(value: unknown): ValidInjected {
  const v = value as Partial<ValidInjected> | null
  if (!v || typeof v !== 'object') throw new InvalidExtensionResponseError('enable() resolved no object')
  if (!v.accounts || typeof v.accounts.get !== 'function')
    throw new InvalidExtensionResponseError('enable() gave no accounts.get()')
  if (!v.signer || typeof v.signer !== 'object')
    throw new InvalidExtensionResponseError('enable() gave no signer')
  return v as ValidInjected
}

/** An extension account, validated and re-encoded for a network. */
export interface ExtensionAccount {
  address: string
  publicKey: string
  /** `sr25519`, `ed25519` or `ecdsa` (what the extension says; sr25519 when it says nothing). */
  keyType: string
}

const KEY_TYPES = new Set(['sr25519', 'ed25519', 'ecdsa'])

/**
 * The accounts an extension listed that can act on `network`: SS58
 * checksum-valid, a Substrate key type, not pinned to another chain's
 * genesis, re-encoded with the network's prefix and de-duplicated. What the
 * protocol allows but this network cannot use (an Ethereum-type account of
 * Talisman or SubWallet, an account pinned to another chain) is skipped and
 * reported; what breaks the protocol's shape (a list that is not a list, an
 * entry that is not an account object, an address that is not SS58, a key
 * type that is not a string) is an `InvalidExtensionResponseError`.
 */
export function toExtensionAccounts(
  list: unknown,
  network: { ss58Prefix: number; genesisHash: string },
  onSkip?: (why: string) => void,
): ExtensionAccount[] {
  if (!Array.isArray(list)) throw new InvalidExtensionResponseError('accounts.get() did not give an array')
  const out: ExtensionAccount[] = []
  list.slice(0, 100).forEach((raw: unknown, i) => {
    const malformed = (why: string) => new InvalidExtensionResponseError(`accounts.get() entry ${i}: ${why}`)
    if (!raw || typeof raw !== 'object') throw malformed('not an account object')
    const a = raw as { address?: unknown; type?: unknown; genesisHash?: unknown }
    const type = a.type ?? 'sr25519'
    if (typeof type !== 'string') throw malformed('type is not a string')
    if (!KEY_TYPES.has(type)) {
      onSkip?.(`account of type ${type.slice(0, 20)} is not a Substrate account`)
      return
    }
    if (
      typeof a.genesisHash === 'string' &&
      a.genesisHash &&
      a.genesisHash.toLowerCase() !== network.genesisHash.toLowerCase()
    ) {
      onSkip?.('account is restricted to another chain')
      return
    }
    if (typeof a.address !== 'string') throw malformed('no address')
    let publicKey: Uint8Array
    try {
      publicKey = decodeSs58(a.address).publicKey
    } catch (e) {
      throw new InvalidExtensionResponseError(
        `accounts.get() entry ${i}: ${e instanceof Error ? e.message : 'not an SS58 address'}`,
        { cause: e },
      )
    }
    if (publicKey.length !== 32) throw malformed('the account key is not 32 bytes')
    const address = encodeSs58(publicKey, network.ss58Prefix)
    if (out.some((o) => o.address === address)) return
    out.push({ address, publicKey: toHex(publicKey), keyType: type })
  })
  return out
}
