import type { AminoSignResponse, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSignResponse } from '@cosmjs/proto-signing'
import { type ApprovalGate, createApprovalGate } from '@portico/core/dev-wallet'
import {
  type CosmosDirectSignDoc,
  type CosmosSigner,
  type CosmosSignerChain,
  createCosmosSigner,
  isAdr036SignDoc,
} from '../signer/index.js'

/** The Cosmos wallets the devnet emulates by their published interfaces (never their icons). */
export type CosmosPersonalityId = 'keplr' | 'leap' | 'cosmostation' | 'keplr-ledger'

/** Keplr's sign options (`@keplr-wallet/types` `KeplrSignOptions`). */
export interface KeplrStyleSignOptions {
  preferNoSetFee?: boolean
  preferNoSetMemo?: boolean
  disableBalanceCheck?: boolean
}

/** What `getKey(chainId)` answers (`@keplr-wallet/types` `Key`). */
export interface KeplrStyleKey {
  name: string
  algo: string
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  isNanoLedger: boolean
  isKeystone?: boolean
}

/** The fields of `experimentalSuggestChain`'s chain info the emulations check. */
export interface KeplrStyleChainInfo {
  chainId: string
  rpc: string
  rest: string
  bech32Config: { bech32PrefixAccAddr: string }
  currencies: unknown[]
  [field: string]: unknown
}

/** What makes one wallet's dialect: read from its published documentation (named in each profile's file). */
export interface CosmosWalletProfile {
  id: CosmosPersonalityId
  /** Its name and "(emulated)". */
  name: string
  /** Where it injects under `window`: `['keplr']`, `['cosmostation', 'providers', 'keplr']`. */
  path: readonly string[]
  /** The window event it fires when the user switches key. */
  keystoreEvent: string
  version: string
  /** What its popup's Cancel rejects with. */
  rejection: () => Error
  /** What it throws for a chain it has no info for. */
  unknownChain: (chainId: string) => Error
  /** Whether the page can withdraw its own permission: Keplr's `disable(chainIds?)`, or no such method documented. */
  forget: 'disable' | 'none'
  /** Whether `getKey` answers Keplr's `isKeystone` field. */
  keystoneField: boolean
  /** Whether its fee picker replaces the app's fee unless asked `preferNoSetFee` (Keplr, Leap, Cosmostation: yes). */
  feePicker: boolean
  /** The key name `getKey` answers; default `Dev <index>`. */
  keyName?: string
  /** Ledger accounts (amino only): what `signDirect` throws; absent when the profile is not a Ledger account. */
  ledger?: { directRefused: string }
}

export interface CosmosPersonalityOptions {
  /** The chains the wallet knows from the start (others arrive through `experimentalSuggestChain`). Default: the simulator's hub only. */
  chains?: readonly CosmosSignerChain[]
  /** Default: the public dev mnemonic. Never a real one. */
  mnemonic?: string
  /** HD indexes held, default 3. */
  accounts?: number
}

/** The injected object (Keplr's `window.keplr` interface, as Leap and Cosmostation's Keplr mode repeat it). */
export interface KeplrStyleProvider {
  readonly version: string
  readonly mode: 'extension'
  /** Keplr: options applied to every request that gives none of its own (`defaultOptions.sign.preferNoSetFee`). */
  defaultOptions: { sign?: KeplrStyleSignOptions }
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrStyleKey>
  getOfflineSigner(
    chainId: string,
    signOptions?: KeplrStyleSignOptions,
  ): {
    getAccounts(): Promise<{ address: string; algo: 'secp256k1'; pubkey: Uint8Array }[]>
    signDirect(signer: string, doc: CosmosDirectSignDoc): Promise<DirectSignResponse>
    signAmino(signer: string, doc: StdSignDoc): Promise<AminoSignResponse>
  }
  getOfflineSignerOnlyAmino(
    chainId: string,
    signOptions?: KeplrStyleSignOptions,
  ): {
    getAccounts(): Promise<{ address: string; algo: 'secp256k1'; pubkey: Uint8Array }[]>
    signAmino(signer: string, doc: StdSignDoc): Promise<AminoSignResponse>
  }
  signDirect(
    chainId: string,
    signer: string,
    doc: CosmosDirectSignDoc,
    signOptions?: KeplrStyleSignOptions,
  ): Promise<DirectSignResponse>
  signAmino(
    chainId: string,
    signer: string,
    doc: StdSignDoc,
    signOptions?: KeplrStyleSignOptions,
  ): Promise<AminoSignResponse>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  experimentalSuggestChain(info: KeplrStyleChainInfo): Promise<void>
  disable?(chainIds?: string | string[]): Promise<void>
}

/** An installed personality: what a test (the conformance kit), the demo or the adapter's dev wallet drives. */
export interface CosmosPersonality {
  readonly id: CosmosPersonalityId
  readonly name: string
  readonly profile: CosmosWalletProfile
  readonly provider: KeplrStyleProvider
  readonly controls: ApprovalGate
  readonly signer: CosmosSigner
  /** Chain ids it knows (given + suggested). */
  readonly chainIds: readonly string[]
  /** Chain ids the site enabled. */
  readonly enabled: readonly string[]
  /** Every provider method the site called, in order. */
  readonly requests: readonly string[]
  /** The selected account's address on a known chain. */
  address(chainId: string): Promise<string>
  /** Wallet side: the user selects account `index`; the keystore event fires. */
  switchAccount(index: number): void
  /** Wallet side: the user removes the site's permission; the keystore event fires (no disconnect event exists). */
  disconnect(): void
  /**
   * Puts the provider at its path under `target` (default `window`); returns
   * the removal. `as` installs it elsewhere with another keystore event (the
   * adapter's dev wallet installed as `window.leap`).
   */
  install(target?: object, as?: { path: readonly string[]; keystoreEvent: string }): () => void
}

/** Keplr's fee picker: the wallet's own fee, twice the amount asked (same denom, same gas). */
const doubled = (c: { denom: string; amount: string }) => ({
  denom: c.denom,
  amount: String(BigInt(c.amount) * 2n),
})

async function withOwnDirectFee(doc: CosmosDirectSignDoc): Promise<CosmosDirectSignDoc> {
  const { AuthInfo } = await import('cosmjs-types/cosmos/tx/v1beta1/tx')
  const info = AuthInfo.decode(doc.authInfoBytes)
  if (info.fee) info.fee.amount = info.fee.amount.map(doubled)
  return { ...doc, authInfoBytes: AuthInfo.encode(info).finish() }
}

/** The signature loses its last byte (63, not 64): the kit's malformed answer. */
function shortened(signature: StdSignature): StdSignature {
  const bytes = Uint8Array.from(atob(signature.signature), (c) => c.charCodeAt(0)).subarray(0, 63)
  return { ...signature, signature: btoa(String.fromCharCode(...bytes)) }
}

/**
 * Builds a Keplr-API wallet from its profile on the one Cosmos signing core:
 * enable (one prompt per unknown set of chains), getKey, the offline signers,
 * signDirect / signAmino (with the wallet's own fee unless `preferNoSetFee`,
 * from the call or from `defaultOptions.sign`), signArbitrary (ADR-036),
 * experimentalSuggestChain, and the keystore event. Every prompt goes through
 * the shared approval gate (`controls`).
 */
export function createCosmosPersonality(
  profile: CosmosWalletProfile,
  options: CosmosPersonalityOptions = {},
): CosmosPersonality {
  const signer = createCosmosSigner({
    ...(options.mnemonic ? { mnemonic: options.mnemonic } : {}),
    ...(options.accounts ? { accounts: options.accounts } : {}),
  })
  const chains = new Map<string, CosmosSignerChain>(
    (options.chains ?? [{ chainId: 'portico-hub-1', bech32Prefix: 'cosmos' }]).map((c) => [c.chainId, c]),
  )
  const enabled = new Set<string>()
  const requests: string[] = []
  const targets: { target: EventTarget; event: string }[] = []
  const gate = createApprovalGate(profile.rejection)
  let selected = 0
  /** After `disconnect()`: keys are withheld until the site enables a chain again. */
  let dropped = false

  const known = (chainId: unknown): CosmosSignerChain => {
    const chain = typeof chainId === 'string' ? chains.get(chainId) : undefined
    if (!chain) throw profile.unknownChain(String(chainId).slice(0, 80))
    return chain
  }
  const account = (chainId: string) => signer.account(known(chainId).bech32Prefix, selected)

  async function ensureEnabled(ids: readonly string[]) {
    for (const id of ids) known(id)
    const missing = ids.filter((id) => !enabled.has(id))
    if (missing.length === 0) return
    await gate.approve('enable', missing)
    for (const id of missing) enabled.add(id)
  }

  async function checkSigner(chainId: string, address: unknown) {
    await ensureEnabled([chainId])
    if (address !== (await account(chainId)).address) throw new Error('Signer mismatch')
  }

  /** The call's options over `defaultOptions.sign`, as Keplr merges them. */
  const ownFee = (signOptions?: KeplrStyleSignOptions) =>
    profile.feePicker && { ...provider.defaultOptions.sign, ...signOptions }.preferNoSetFee !== true

  const keystoreChange = () => {
    for (const { target, event } of [...targets]) target.dispatchEvent(new Event(event))
  }

  const provider: KeplrStyleProvider = {
    version: profile.version,
    mode: 'extension',
    defaultOptions: {},

    async enable(chainIds) {
      requests.push('enable')
      await ensureEnabled(Array.isArray(chainIds) ? chainIds : [chainIds])
      dropped = false
    },

    async getKey(chainId) {
      requests.push('getKey')
      if (dropped && !enabled.has(chainId)) throw new Error('This site is not connected to the wallet')
      await ensureEnabled([chainId])
      const { address, pubkey, algo } = await account(chainId)
      const { fromBech32 } = await import('@cosmjs/encoding')
      // Tampered (the kit's malformed answer): the last character changes, so the checksum fails.
      const bech32Address = gate.takeTamper('accounts')
        ? `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`
        : address
      return {
        name: profile.keyName ?? `Dev ${selected}`,
        algo,
        pubKey: pubkey,
        address: fromBech32(address, 256).data,
        bech32Address,
        isNanoLedger: profile.ledger !== undefined,
        ...(profile.keystoneField ? { isKeystone: false } : {}),
      }
    },

    getOfflineSigner(chainId, signOptions) {
      requests.push('getOfflineSigner')
      known(chainId)
      return {
        getAccounts: async () => [await account(chainId)],
        signDirect: (address, doc) => provider.signDirect(chainId, address, doc, signOptions),
        signAmino: (address, doc) => provider.signAmino(chainId, address, doc, signOptions),
      }
    },

    getOfflineSignerOnlyAmino(chainId, signOptions) {
      requests.push('getOfflineSignerOnlyAmino')
      known(chainId)
      return {
        getAccounts: async () => [await account(chainId)],
        signAmino: (address, doc) => provider.signAmino(chainId, address, doc, signOptions),
      }
    },

    async signDirect(chainId, address, inputDoc, signOptions) {
      requests.push('signDirect')
      if (profile.ledger) throw new Error(profile.ledger.directRefused)
      await checkSigner(chainId, address)
      if (inputDoc?.chainId !== chainId) throw new Error('Chain id in the sign doc does not match')
      const doc = ownFee(signOptions) ? await withOwnDirectFee(inputDoc) : inputDoc
      await gate.approve('signDirect', { chainId, signer: address, signDoc: doc })
      const signed = await signer.signDirect(known(chainId).bech32Prefix, selected, {
        ...doc,
        accountNumber: BigInt(doc.accountNumber),
      })
      return gate.takeTamper('signature') ? { ...signed, signature: shortened(signed.signature) } : signed
    },

    async signAmino(chainId, address, inputDoc, signOptions) {
      requests.push('signAmino')
      await checkSigner(chainId, address)
      // Keplr signs an ADR-036 document through signAmino too.
      const adr036 = isAdr036SignDoc(inputDoc)
      if (inputDoc?.chain_id !== chainId && !adr036)
        throw new Error('Chain id in the sign doc does not match')
      const doc =
        ownFee(signOptions) && !adr036
          ? { ...inputDoc, fee: { ...inputDoc.fee, amount: inputDoc.fee.amount.map(doubled) } }
          : inputDoc
      await gate.approve('signAmino', { chainId, signer: address, signDoc: doc })
      const signed = await signer.signAmino(known(chainId).bech32Prefix, selected, doc)
      return gate.takeTamper('signature') ? { ...signed, signature: shortened(signed.signature) } : signed
    },

    async signArbitrary(chainId, address, data) {
      requests.push('signArbitrary')
      await checkSigner(chainId, address)
      if (typeof data !== 'string' && !(data instanceof Uint8Array))
        throw new Error('data must be a string or bytes')
      await gate.approve('signArbitrary', { chainId, signer: address, data })
      const signature = await signer.signArbitrary(known(chainId).bech32Prefix, selected, data)
      return gate.takeTamper('signature') ? shortened(signature) : signature
    },

    async experimentalSuggestChain(info) {
      requests.push('experimentalSuggestChain')
      const prefix = info?.bech32Config?.bech32PrefixAccAddr
      if (
        typeof info?.chainId !== 'string' ||
        !info.chainId ||
        typeof prefix !== 'string' ||
        !/^[a-z]{1,32}$/.test(prefix) ||
        typeof info.rpc !== 'string' ||
        typeof info.rest !== 'string' ||
        !Array.isArray(info.currencies)
      )
        throw new Error('Invalid chain info')
      if (chains.has(info.chainId)) return
      await gate.approve('experimentalSuggestChain', info)
      chains.set(info.chainId, {
        chainId: info.chainId,
        bech32Prefix: prefix,
        rpc: info.rpc,
        rest: info.rest,
      })
    },

    ...(profile.forget === 'disable'
      ? {
          async disable(chainIds?: string | string[]) {
            requests.push('disable')
            const ids =
              chainIds === undefined ? [...enabled] : Array.isArray(chainIds) ? chainIds : [chainIds]
            for (const id of ids) enabled.delete(id)
          },
        }
      : {}),
  }

  return {
    id: profile.id,
    name: profile.name,
    profile,
    provider,
    controls: gate,
    signer,
    get chainIds() {
      return [...chains.keys()]
    },
    get enabled() {
      return [...enabled]
    },
    get requests() {
      return [...requests]
    },
    address: async (chainId) => (await account(chainId)).address,
    switchAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= signer.count)
        throw new RangeError(`no account ${index}`)
      selected = index
      keystoreChange()
    },
    disconnect() {
      enabled.clear()
      dropped = true
      keystoreChange()
    },
    install(target, as) {
      const host = (target ?? (globalThis as { window?: object }).window) as
        | Record<string, unknown>
        | undefined
      if (!host) throw new Error('install(): no window; pass a target object')
      const path = as?.path ?? profile.path
      let at = host
      for (const key of path.slice(0, -1)) {
        at[key] ??= {}
        at = at[key] as Record<string, unknown>
      }
      const last = path.at(-1)!
      at[last] = provider
      const events = host as Partial<EventTarget>
      const entry = { target: events as EventTarget, event: as?.keystoreEvent ?? profile.keystoreEvent }
      if (typeof events.dispatchEvent === 'function') targets.push(entry)
      return () => {
        if (at[last] === provider) delete at[last]
        const i = targets.indexOf(entry)
        if (i >= 0) targets.splice(i, 1)
      }
    },
  }
}
