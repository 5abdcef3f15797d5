/**
 * @portico/adapter-cosmos/dev-wallet — a Keplr-API wallet that signs with the
 * public dev mnemonic, for the demo and tests. Never give it real keys.
 */
import type { AminoSignResponse, Secp256k1HdWallet, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSecp256k1HdWallet, DirectSignResponse } from '@cosmjs/proto-signing'
import type { Keplr, KeplrChainInfo, KeplrDirectSignDoc, KeplrKey, KeplrSignOptions } from '../keplr/index.js'
import { makeAdr036SignDoc } from '../sign-message/adr036.js'
import {
  BehaviourSwitch,
  type CosmosDevWalletBehaviour,
  type CosmosDevWalletTamper,
  type HeldRequest,
} from './behaviour.js'

export type { CosmosDevWalletBehaviour, CosmosDevWalletTamper, HeldRequest } from './behaviour.js'

/** The public dev mnemonic the Cosmos simulator funds (anvil's too). Never use it on a real chain. */
export const COSMOS_DEV_WALLET_MNEMONIC = 'test test test test test test test test test test test junk'
export const COSMOS_DEV_WALLET_NAME = 'Portico Cosmos Dev Wallet'

/** A chain the dev wallet knows from the start (others arrive through `experimentalSuggestChain`). */
export interface CosmosDevWalletChain {
  chainId: string
  bech32Prefix: string
  rpc?: string
  rest?: string
}

export interface CosmosDevWalletOptions {
  chains: readonly CosmosDevWalletChain[]
  /** Default: the public dev mnemonic. */
  mnemonic?: string
  /** HD indexes held (`m/44'/118'/0'/0/i`), default 3. */
  accounts?: number
  /** Behave like a Ledger account: `isNanoLedger`, amino only (`signDirect` fails). */
  aminoOnly?: boolean
  /** The key name `getKey` reports. */
  name?: string
  /**
   * Behave like Keplr with its fee picker: unless the app signs with
   * `preferNoSetFee: true`, the wallet replaces the transaction's fee with
   * its own choice (twice the amount asked, same gas).
   */
  setsOwnFee?: boolean
}

/** The dev wallet: the Keplr object plus the switches a test or the demo pulls. */
export interface CosmosDevWallet {
  /** The object to put on `window.keplr` (or `window.leap`…). */
  readonly keplr: Keplr
  /** Sets `target[key] = keplr` (default `window.keplr`); returns the uninstall function. */
  install(target?: object, key?: string): () => void
  /** Chain ids the wallet knows (configured + suggested). */
  readonly chainIds: readonly string[]
  /** Chain ids the app enabled. */
  readonly enabled: readonly string[]
  /** Switches the active key (as a user does in Keplr) and dispatches `keplr_keystorechange`. */
  selectAccount(index: number): void
  /** The active key's address on a chain. */
  address(chainId: string): Promise<string>
  /** Every Keplr method the app called, in order. */
  readonly requests: readonly string[]
  /**
   * The user removes the site's permission in the wallet: every chain is
   * disabled and `keplr_keystorechange` fires (Keplr has no disconnect
   * event), so the app re-reads the key and finds it withheld until it
   * calls `enable` again.
   */
  disconnect(): void
  setBehaviour(behaviour: CosmosDevWalletBehaviour): void
  readonly behaviour: CosmosDevWalletBehaviour
  /** `accounts`: the next `getKey` returns a bech32 address with a broken checksum; `signature`: the next signature is 63 bytes. */
  tamperNext(kind: CosmosDevWalletTamper): void
  rejectNext(): void
  holdNext(): void
  readonly pending: readonly HeldRequest[]
  nextHeld(): Promise<HeldRequest>
  releaseAll(): void
  rejectAll(): void
}

interface Signers {
  direct: Promise<DirectSecp256k1HdWallet>
  amino: Promise<Secp256k1HdWallet>
}

/** Keplr's fee picker: the wallet's own fee, twice the amount asked (same denom, same gas). */
const doubled = (c: { denom: string; amount: string }) => ({
  denom: c.denom,
  amount: String(BigInt(c.amount) * 2n),
})

/** A direct sign doc whose AuthInfo fee is replaced with the wallet's own (`doubled`). */
async function withOwnDirectFee(doc: KeplrDirectSignDoc): Promise<KeplrDirectSignDoc> {
  const { AuthInfo } = await import('cosmjs-types/cosmos/tx/v1beta1/tx')
  const info = AuthInfo.decode(doc.authInfoBytes)
  if (info.fee) info.fee.amount = info.fee.amount.map(doubled)
  return { ...doc, authInfoBytes: AuthInfo.encode(info).finish() }
}

function chainError(chainId: string): Error {
  return new Error(`There is no chain info for ${chainId}`)
}

/**
 * Creates the Cosmos dev wallet: the Keplr API (`enable`, `getKey`,
 * `getOfflineSigner`, `getOfflineSignerOnlyAmino`, `signDirect`, `signAmino`,
 * `signArbitrary` ADR-036, `experimentalSuggestChain`) over CosmJS
 * `DirectSecp256k1HdWallet` / `Secp256k1HdWallet`, one per bech32 prefix,
 * derived on first use. Enabling a chain, suggesting one and every signature
 * go through the approve / reject / hold switch; a rejection throws Keplr's
 * `Request rejected`.
 *
 * @example
 * const dev = createCosmosDevWallet({ chains: sim.chains.map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix })) })
 * dev.install(window)
 * dev.rejectNext() // the next enable / sign fails with "Request rejected"
 */
export function createCosmosDevWallet(options: CosmosDevWalletOptions): CosmosDevWallet {
  const mnemonic = options.mnemonic ?? COSMOS_DEV_WALLET_MNEMONIC
  const count = options.accounts ?? 3
  if (!Number.isInteger(count) || count < 1) throw new Error('createCosmosDevWallet: accounts must be ≥ 1')
  const chains = new Map<string, CosmosDevWalletChain>(options.chains.map((c) => [c.chainId, c]))
  const enabled = new Set<string>()
  const signers = new Map<string, Signers>()
  const installs: { target: object; key: string }[] = []
  const requests: string[] = []
  const gate = new BehaviourSwitch()
  let selected = 0
  /** Set by `disconnect()`: keys are withheld (no prompt) until the app enables a chain again. */
  let dropped = false
  /** Whether this signature gets the wallet's own fee (see `setsOwnFee`). */
  const ownFee = (signOptions?: KeplrSignOptions) =>
    options.setsOwnFee === true && signOptions?.preferNoSetFee !== true

  function signersFor(prefix: string): Signers {
    let s = signers.get(prefix)
    if (!s) {
      const paths = import('@cosmjs/crypto').then(({ stringToPath }) =>
        Array.from({ length: count }, (_, i) => stringToPath(`m/44'/118'/0'/0/${i}`)),
      )
      s = {
        direct: Promise.all([import('@cosmjs/proto-signing'), paths]).then(([m, hdPaths]) =>
          m.DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
        ),
        amino: Promise.all([import('@cosmjs/amino'), paths]).then(([m, hdPaths]) =>
          m.Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
        ),
      }
      // A failed derivation is not cached: the next call retries.
      s.direct.catch(() => signers.delete(prefix))
      s.amino.catch(() => signers.delete(prefix))
      signers.set(prefix, s)
    }
    return s
  }

  function known(chainId: unknown): CosmosDevWalletChain {
    const chain = typeof chainId === 'string' ? chains.get(chainId) : undefined
    if (!chain) throw chainError(String(chainId))
    return chain
  }

  async function account(chainId: string) {
    const chain = known(chainId)
    const accounts = await (await signersFor(chain.bech32Prefix).amino).getAccounts()
    return accounts[selected]!
  }

  /** Enabled chains answer at once; others ask the user first (as Keplr does). */
  async function ensureEnabled(chainIds: string[]): Promise<void> {
    for (const id of chainIds) known(id)
    const missing = chainIds.filter((id) => !enabled.has(id))
    if (missing.length === 0) return
    await gate.approval('enable', missing)
    for (const id of missing) enabled.add(id)
  }

  async function checkSigner(chainId: string, signer: string): Promise<void> {
    await ensureEnabled([chainId])
    const { address } = await account(chainId)
    if (signer !== address) throw new Error('Signer mismatch')
  }

  /** Tampered: the signature loses its last byte (63 bytes, not 64). */
  function tamperSignature(signature: StdSignature): StdSignature {
    if (!gate.tampered('signature')) return signature
    const bytes = Uint8Array.from(atob(signature.signature), (c) => c.charCodeAt(0)).subarray(0, 63)
    return { ...signature, signature: btoa(String.fromCharCode(...bytes)) }
  }

  function dispatchKeystoreChange() {
    for (const { target, key } of installs) {
      const events = target as Partial<EventTarget>
      events.dispatchEvent?.(new Event(`${key}_keystorechange`))
    }
  }

  const keplr: Keplr = {
    version: '0.12.0-portico-dev',
    mode: 'extension',

    async enable(chainIds) {
      requests.push('enable')
      await ensureEnabled(Array.isArray(chainIds) ? chainIds : [chainIds])
      dropped = false
    },

    async getKey(chainId): Promise<KeplrKey> {
      requests.push('getKey')
      if (dropped && !enabled.has(chainId)) throw new Error('This site is not connected to the wallet')
      await ensureEnabled([chainId])
      const { address, pubkey, algo } = await account(chainId)
      const { fromBech32 } = await import('@cosmjs/encoding')
      // Tampered: the last character changes, so the bech32 checksum fails.
      const bech32Address = gate.tampered('accounts')
        ? `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`
        : address
      return {
        name: options.name ?? `Dev ${selected}`,
        algo,
        pubKey: pubkey,
        address: fromBech32(address, 256).data,
        bech32Address,
        isNanoLedger: options.aminoOnly ?? false,
        isKeystone: false,
      }
    },

    getOfflineSigner(chainId, signOptions) {
      requests.push('getOfflineSigner')
      known(chainId)
      return {
        getAccounts: async () => [await account(chainId)],
        signDirect: (signer: string, doc: KeplrDirectSignDoc) =>
          keplr.signDirect(chainId, signer, doc, signOptions),
        signAmino: (signer: string, doc: StdSignDoc) => keplr.signAmino(chainId, signer, doc, signOptions),
      }
    },

    getOfflineSignerOnlyAmino(chainId, signOptions) {
      requests.push('getOfflineSignerOnlyAmino')
      known(chainId)
      return {
        getAccounts: async () => [await account(chainId)],
        signAmino: (signer: string, doc: StdSignDoc) => keplr.signAmino(chainId, signer, doc, signOptions),
      }
    },

    async signDirect(chainId, signer, inputDoc, signOptions): Promise<DirectSignResponse> {
      requests.push('signDirect')
      if (options.aminoOnly) throw new Error('This account (Ledger) can only sign amino documents')
      await checkSigner(chainId, signer)
      if (inputDoc.chainId !== chainId) throw new Error('Chain id in the sign doc does not match')
      const signDoc = ownFee(signOptions) ? await withOwnDirectFee(inputDoc) : inputDoc
      await gate.approval('signDirect', { chainId, signer, signDoc })
      const wallet = await signersFor(known(chainId).bech32Prefix).direct
      const signed = await wallet.signDirect(signer, {
        ...signDoc,
        accountNumber: BigInt(signDoc.accountNumber),
      })
      return { ...signed, signature: tamperSignature(signed.signature) }
    },

    async signAmino(chainId, signer, inputDoc, signOptions): Promise<AminoSignResponse> {
      requests.push('signAmino')
      await checkSigner(chainId, signer)
      // Keplr signs an ADR-036 document (empty chain id, one sign/MsgSignData) through signAmino too.
      const adr036 =
        inputDoc.chain_id === '' &&
        inputDoc.msgs.length === 1 &&
        inputDoc.msgs[0]?.type === 'sign/MsgSignData'
      if (inputDoc.chain_id !== chainId && !adr036) throw new Error('Chain id in the sign doc does not match')
      const signDoc =
        ownFee(signOptions) && !adr036
          ? { ...inputDoc, fee: { ...inputDoc.fee, amount: inputDoc.fee.amount.map(doubled) } }
          : inputDoc
      await gate.approval('signAmino', { chainId, signer, signDoc })
      const signed = await (await signersFor(known(chainId).bech32Prefix).amino).signAmino(signer, signDoc)
      return { ...signed, signature: tamperSignature(signed.signature) }
    },

    async signArbitrary(chainId, signer, data): Promise<StdSignature> {
      requests.push('signArbitrary')
      await checkSigner(chainId, signer)
      if (typeof data !== 'string' && !(data instanceof Uint8Array))
        throw new Error('data must be a string or bytes')
      await gate.approval('signArbitrary', { chainId, signer, data })
      const wallet = await signersFor(known(chainId).bech32Prefix).amino
      const { signature } = await wallet.signAmino(signer, makeAdr036SignDoc(signer, data))
      return tamperSignature(signature)
    },

    async experimentalSuggestChain(info: KeplrChainInfo) {
      requests.push('experimentalSuggestChain')
      const prefix = info?.bech32Config?.bech32PrefixAccAddr
      if (
        typeof info?.chainId !== 'string' ||
        !info.chainId ||
        typeof prefix !== 'string' ||
        !/^[a-z]{1,32}$/.test(prefix)
      ) {
        throw new Error('Invalid chain info')
      }
      if (typeof info.rpc !== 'string' || typeof info.rest !== 'string' || !Array.isArray(info.currencies)) {
        throw new Error('Invalid chain info')
      }
      if (chains.has(info.chainId)) return
      await gate.approval('experimentalSuggestChain', info)
      chains.set(info.chainId, {
        chainId: info.chainId,
        bech32Prefix: prefix,
        rpc: info.rpc,
        rest: info.rest,
      })
    },

    async disable(chainIds) {
      requests.push('disable')
      const ids = chainIds === undefined ? [...enabled] : Array.isArray(chainIds) ? chainIds : [chainIds]
      for (const id of ids) enabled.delete(id)
    },
  }

  return {
    keplr,
    install(target, key = 'keplr') {
      const on = (target ?? (globalThis as { window?: object }).window) as Record<string, unknown> | undefined
      if (!on) throw new Error('install(): no window; pass a target object')
      on[key] = keplr
      const entry = { target: on, key }
      installs.push(entry)
      return () => {
        if (on[key] === keplr) delete on[key]
        installs.splice(installs.indexOf(entry), 1)
      }
    },
    get chainIds() {
      return [...chains.keys()]
    },
    get enabled() {
      return [...enabled]
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`no dev account ${index}`)
      selected = index
      dispatchKeystoreChange()
    },
    disconnect() {
      enabled.clear()
      dropped = true
      dispatchKeystoreChange()
    },
    async address(chainId) {
      return (await account(chainId)).address
    },
    get requests() {
      return [...requests]
    },
    setBehaviour: (b) => gate.setBehaviour(b),
    get behaviour() {
      return gate.current
    },
    tamperNext: (kind) => gate.tamperNext(kind),
    rejectNext: () => gate.rejectNext(),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
  }
}
