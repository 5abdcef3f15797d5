/**
 * The Cosmos signing core of the dev wallets: secp256k1 keys from one
 * mnemonic (`m/44'/118'/0'/0/i`, the Cosmos Hub path), addresses per bech32
 * prefix, and the three signatures a Keplr-API wallet gives — SIGN_MODE_DIRECT
 * (protobuf sign doc), amino JSON (Ledger's only mode) and ADR-036 arbitrary
 * data (an amino `sign/MsgSignData` document). Every Cosmos dev surface signs
 * through it: the injected dev wallet of `@portico/adapter-cosmos/dev-wallet`,
 * the WalletConnect dev wallet's cosmos part and the personalities
 * (`@portico/dev-wallets/cosmos/personalities`). CosmJS is loaded on first use;
 * browser-safe. Never give it a real key.
 */
import type { AminoSignResponse, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSignResponse } from '@cosmjs/proto-signing'

/** The public dev mnemonic the Cosmos simulator funds (anvil's default too). Never use it on a real chain. */
export const COSMOS_DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** A chain a Cosmos wallet knows: its id, its bech32 prefix and, when known, its endpoints. */
export interface CosmosSignerChain {
  chainId: string
  bech32Prefix: string
  rpc?: string
  rest?: string
}

/**
 * The Cosmos simulator's two chains (`@portico/devnet`'s `COSMOS_LOCAL_CHAINS`,
 * repeated here because the devnet depends on this package): a hub with the
 * `cosmos` prefix and a second chain with `osmo`, so a switch changes the address.
 */
export const COSMOS_SIMULATOR_CHAINS: readonly CosmosSignerChain[] = [
  { chainId: 'portico-hub-1', bech32Prefix: 'cosmos' },
  { chainId: 'portico-osmo-1', bech32Prefix: 'osmo' },
]

export interface CosmosSignerOptions {
  /** Default: the public dev mnemonic (funded on every simulator chain). */
  mnemonic?: string
  /** HD indexes held (`m/44'/118'/0'/0/i`), default 3. */
  accounts?: number
}

/** One account of the signer on one bech32 prefix. */
export interface CosmosSignerAccount {
  address: string
  /** Compressed secp256k1 public key (33 bytes). */
  pubkey: Uint8Array
  algo: 'secp256k1'
}

/** The SIGN_MODE_DIRECT document (account number as bigint, as CosmJS ≥ 0.32 and Keplr take it). */
export interface CosmosDirectSignDoc {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}

export interface CosmosSigner {
  /** How many HD indexes the signer holds. */
  readonly count: number
  /** Account `index` under `prefix` (throws a RangeError for an index it does not hold). */
  account(prefix: string, index: number): Promise<CosmosSignerAccount>
  /** Signs a direct sign doc with account `index` (the doc's signer is that account's address). */
  signDirect(prefix: string, index: number, doc: CosmosDirectSignDoc): Promise<DirectSignResponse>
  /** Signs an amino sign doc (its sorted JSON) with account `index`. */
  signAmino(prefix: string, index: number, doc: StdSignDoc): Promise<AminoSignResponse>
  /** ADR-036: signs `data` (text as UTF-8, or bytes) as the `sign/MsgSignData` document of `makeAdr036SignDoc`. */
  signArbitrary(prefix: string, index: number, data: string | Uint8Array): Promise<StdSignature>
}

/**
 * The ADR-036 sign doc for arbitrary data (cosmos/cosmos-sdk docs/architecture/adr-036-arbitrary-signature.md):
 * one amino `sign/MsgSignData` with the signer and the base64 data, empty chain id,
 * zero account number, sequence and fee, so it can never be a valid transaction.
 */
export function makeAdr036SignDoc(signer: string, data: string | Uint8Array): StdSignDoc {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: btoa(binary) } }],
    memo: '',
  }
}

/** True when `doc` is an ADR-036 document (empty chain id, one `sign/MsgSignData`). */
export function isAdr036SignDoc(doc: StdSignDoc): boolean {
  return doc?.chain_id === '' && doc.msgs?.length === 1 && doc.msgs[0]?.type === 'sign/MsgSignData'
}

type Wallets = {
  direct: import('@cosmjs/proto-signing').DirectSecp256k1HdWallet
  amino: import('@cosmjs/amino').Secp256k1HdWallet
  accounts: readonly CosmosSignerAccount[]
}

/**
 * Creates the signing core. CosmJS's HD wallets (direct and amino) are derived
 * once per bech32 prefix, on first use; a failed derivation is not cached.
 *
 * @example
 * const signer = createCosmosSigner()
 * const { address } = await signer.account('cosmos', 0)
 * const sig = await signer.signArbitrary('cosmos', 0, 'hello')
 */
export function createCosmosSigner(options: CosmosSignerOptions = {}): CosmosSigner {
  const mnemonic = options.mnemonic ?? COSMOS_DEV_MNEMONIC
  const count = options.accounts ?? 3
  if (!Number.isInteger(count) || count < 1) throw new RangeError('createCosmosSigner: accounts must be ≥ 1')
  const byPrefix = new Map<string, Promise<Wallets>>()

  function wallets(prefix: string): Promise<Wallets> {
    if (typeof prefix !== 'string' || !/^[a-z]{1,32}$/.test(prefix))
      return Promise.reject(new TypeError(`not a bech32 prefix: ${String(prefix).slice(0, 40)}`))
    let found = byPrefix.get(prefix)
    if (!found) {
      found = (async () => {
        const [amino, proto, crypto] = await Promise.all([
          import('@cosmjs/amino'),
          import('@cosmjs/proto-signing'),
          import('@cosmjs/crypto'),
        ])
        const hdPaths = Array.from({ length: count }, (_, i) => crypto.stringToPath(`m/44'/118'/0'/0/${i}`))
        const [direct, legacy] = await Promise.all([
          proto.DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
          amino.Secp256k1HdWallet.fromMnemonic(mnemonic, { prefix, hdPaths }),
        ])
        const accounts = (await legacy.getAccounts()).map((a) => ({
          address: a.address,
          pubkey: a.pubkey,
          algo: 'secp256k1' as const,
        }))
        return { direct, amino: legacy, accounts }
      })()
      found.catch(() => byPrefix.delete(prefix))
      byPrefix.set(prefix, found)
    }
    return found
  }

  async function held(prefix: string, index: number): Promise<{ w: Wallets; account: CosmosSignerAccount }> {
    const w = await wallets(prefix)
    const account = w.accounts[index]
    if (!account) throw new RangeError(`no account ${index} (the signer holds ${count})`)
    return { w, account }
  }

  return {
    count,
    async account(prefix, index) {
      return (await held(prefix, index)).account
    },
    async signDirect(prefix, index, doc) {
      const { w, account } = await held(prefix, index)
      return await w.direct.signDirect(account.address, doc)
    },
    async signAmino(prefix, index, doc) {
      const { w, account } = await held(prefix, index)
      return await w.amino.signAmino(account.address, doc)
    },
    async signArbitrary(prefix, index, data) {
      const { w, account } = await held(prefix, index)
      return (await w.amino.signAmino(account.address, makeAdr036SignDoc(account.address, data))).signature
    },
  }
}
