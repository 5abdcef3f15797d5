/**
 * @portico/adapter-polkadot/dev-wallet — "Portico Dev Extension", a real
 * injectedWeb3 extension (sr25519 dev keys `//Alice`, `//Bob`…) living in the
 * page, for the demo and tests. Never give it real keys.
 */
import type { Injected, InjectedAccount } from '@polkadot/extension-inject/types'
import type { SignerPayloadJSON, SignerPayloadRaw, SignerResult } from '@polkadot/types/types'
import { createApprovalGate, type DevWalletControls } from '@portico/core/dev-wallet'
import { createPolkadotSigner, POLKADOT_DEV_URIS, type PolkadotKey } from '@portico/dev-wallets/polkadot'

export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'

export const POLKADOT_DEV_EXTENSION_NAME = 'Portico Dev Extension'
/** The key it uses in `window.injectedWeb3` (extensions are keyed by a short id, like `polkadot-js`). */
export const POLKADOT_DEV_EXTENSION_KEY = 'portico-dev'

/**
 * How the extension answers requests that need the user (enable, sign): the
 * switch shared by every Portico dev wallet (`approve` | `reject` | `hold`);
 * a rejection is what extensions throw when the user presses Cancel
 * (`Error('Cancelled')`). `reject-next` is the former spelling of `rejectNext()`.
 */
export type PolkadotDevExtensionBehaviour = 'approve' | 'reject' | 'hold' | 'reject-next'

export interface PolkadotDevExtensionOptions {
  /** Secret URIs of the sr25519 keys; default `//Alice`, `//Bob`, `//Charlie`. The first is the default account. */
  uris?: readonly string[]
  /** SS58 prefix the extension reports addresses with; default 42 (generic Substrate, as extensions do). */
  ss58Prefix?: number
  behaviour?: PolkadotDevExtensionBehaviour
  /** Key in `window.injectedWeb3`; default `portico-dev`. */
  key?: string
  version?: string
}

/**
 * The Polkadot dev extension: an injectedWeb3 extension plus the behaviour
 * switch every Portico dev wallet shares (`DevWalletControls`). Requests that
 * need the user are `enable` (once per origin), `signRaw` and `signPayload`.
 */
export interface PolkadotDevExtension extends Omit<DevWalletControls, 'setBehaviour'> {
  readonly key: string
  readonly name: string
  /** SS58 addresses (with the extension's prefix) of the keys, in order. */
  readonly addresses: readonly string[]
  /** 0x-hex public keys, in order. */
  readonly publicKeys: readonly string[]
  /** `approve` | `reject` | `hold` for every request from now on; `reject-next` is `rejectNext()`. */
  setBehaviour(behaviour: PolkadotDevExtensionBehaviour): void
  /** Settles every held request: `approve` (default) carries it out, `reject` fails it with `Cancelled`. */
  release(outcome?: 'approve' | 'reject'): void
  /** Shows only these accounts to enabled apps (as an extension's account picker does) and tells subscribers. */
  selectAccounts(addresses: readonly string[]): void
  /** Origins (app names) that were granted access by `enable`. */
  readonly enabledOrigins: readonly string[]
  /** The protocol object: what `window.injectedWeb3[key].enable(origin)` resolves. */
  enable(origin: string): Promise<Injected>
  /**
   * Puts the extension in `window.injectedWeb3` with
   * `@polkadot/extension-inject`'s `injectExtension` (needs a global `window`).
   * Returns the function that takes it out again.
   */
  inject(): () => void
}

const DEFAULT_URIS = POLKADOT_DEV_URIS

function cancelled(): Error {
  // What the polkadot-js extension rejects with when the user cancels (the protocol has no error codes).
  return new Error('Cancelled')
}

/** A wrong answer asked for by `tamperNext('accounts')`: the address with its checksum broken. */
function tampered(account: InjectedAccount): InjectedAccount {
  const last = account.address.at(-1) === '1' ? '2' : '1'
  return { ...account, address: `${account.address.slice(0, -1)}${last}` }
}

/**
 * Creates the Polkadot dev extension: `enable(origin)` gives accounts
 * (`get` / `subscribe`) and a signer whose `signRaw` signs the
 * `<Bytes>…</Bytes>`-wrapped data and whose `signPayload` signs the
 * extrinsic payload the app built (with the signed extensions it lists), as
 * the polkadot-js extension does.
 *
 * @example
 * const dev = await createPolkadotDevExtension()
 * const remove = dev.inject() // window.injectedWeb3['portico-dev']
 * dev.rejectNext() // the next request fails with Error('Cancelled')
 * dev.holdNext(); const held = await dev.nextHeld(); held.release()
 */
export async function createPolkadotDevExtension(
  options: PolkadotDevExtensionOptions = {},
): Promise<PolkadotDevExtension> {
  const [util, { injectExtension }] = await Promise.all([
    import('@polkadot/util'),
    import('@polkadot/extension-inject'),
  ])
  // The keys and the signing live in the Polkadot signing core every dev surface shares.
  const core = await createPolkadotSigner({
    uris: options.uris ?? DEFAULT_URIS,
    ss58Prefix: options.ss58Prefix ?? 42,
  })
  const keys = core.keys
  const key = options.key ?? POLKADOT_DEV_EXTENSION_KEY
  const version = options.version ?? '0.1.0'
  let visible = keys
  const gate = createApprovalGate(cancelled)
  if (options.behaviour === 'reject-next') gate.rejectNext()
  else if (options.behaviour) gate.setBehaviour(options.behaviour)
  const subscribers = new Set<(accounts: InjectedAccount[]) => void | Promise<void>>()
  const origins: string[] = []
  let requestId = 0

  const toInjected = (k: PolkadotKey): InjectedAccount => ({
    address: k.address,
    name: k.name,
    type: 'sr25519',
    genesisHash: null,
  })
  const notify = () => {
    const accounts = visible.map(toInjected)
    for (const cb of subscribers) void cb(accounts)
  }

  /** The key of a visible account, whatever SS58 prefix the app encoded the address with. */
  function keyFor(address: string): PolkadotKey {
    const found = core.keyFor(address)
    if (!found || !visible.includes(found)) throw new Error(`Unable to find account ${address}`)
    return found
  }

  /** `tamperNext('signature')`: the next signature loses its last byte. */
  const maybeShort = (signature: Uint8Array) =>
    gate.takeTamper('signature') ? signature.slice(0, -1) : signature

  const signer: Injected['signer'] = {
    async signRaw(raw: SignerPayloadRaw): Promise<SignerResult> {
      const k = keyFor(raw.address)
      if (!util.isHex(raw.data)) throw new Error('signRaw: data must be hex')
      await gate.approve('signRaw', raw)
      const signature = core.signRaw(k, util.hexToU8a(raw.data))
      return { id: ++requestId, signature: util.u8aToHex(maybeShort(signature)) }
    },
    async signPayload(payload: SignerPayloadJSON): Promise<SignerResult> {
      const k = keyFor(payload.address)
      await gate.approve('signPayload', payload)
      const { signature } = core.signPayload(k, payload)
      return { id: ++requestId, signature: util.u8aToHex(maybeShort(util.hexToU8a(signature))) }
    },
  }

  async function enable(origin: string): Promise<Injected> {
    if (typeof origin !== 'string' || origin.trim() === '')
      throw new Error('enable: an origin (app name) is required')
    if (!origins.includes(origin)) {
      await gate.approve('enable', { origin })
      origins.push(origin)
    }
    return {
      accounts: {
        get: async () => {
          const accounts = visible.map(toInjected)
          return gate.takeTamper('accounts') ? accounts.map(tampered) : accounts
        },
        subscribe(cb) {
          subscribers.add(cb)
          void cb(visible.map(toInjected))
          return () => {
            subscribers.delete(cb)
          }
        },
      },
      signer,
    }
  }

  return {
    key,
    name: POLKADOT_DEV_EXTENSION_NAME,
    addresses: keys.map((k) => k.address),
    publicKeys: keys.map((k) => k.publicKey),
    get behaviour() {
      return gate.behaviour
    },
    setBehaviour(next) {
      if (next === 'reject-next') gate.rejectNext()
      else gate.setBehaviour(next)
    },
    rejectNext: (error) => gate.rejectNext(error),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
    tamperNext: (kind) => gate.tamperNext(kind),
    release(outcome = 'approve') {
      if (outcome === 'approve') gate.releaseAll()
      else gate.rejectAll()
    },
    selectAccounts(addresses) {
      visible = keys.filter((k) => addresses.some((a) => core.keyFor(a) === k))
      notify()
    },
    get enabledOrigins() {
      return [...origins]
    },
    enable,
    inject() {
      const g = globalThis as { window?: { injectedWeb3?: Record<string, unknown> } }
      if (!g.window) throw new Error('inject(): no window')
      // injectExtension keys the entry by `name`: that is our short key.
      injectExtension(enable, { name: key, version })
      const entry = g.window.injectedWeb3?.[key]
      return () => {
        const web3 = g.window?.injectedWeb3
        if (web3 && web3[key] === entry) delete web3[key]
      }
    },
  }
}
