import type { SiwxMessageFields } from '../siwx/message.js'
import type { AccountRecord, ConnectedWalletInfo } from './account.js'
import type { SessionRevokeFields } from './api.js'
import type { CallRequest, CallsCapabilities, CallsStatus } from './calls.js'
import type { ChannelCapabilities, RequestChannel, RequestMethodLists } from './channel.js'
import type { Connector } from './connector.js'
import type { PorticoContext } from './context.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './network.js'
import type {
  ConnectOptionsOf,
  SignMessageOptionsOf,
  SignTransactionRequestOf,
  SignTransactionResultOf,
  TransactionRequestOf,
} from './requests.js'

/** Why an included transaction failed, in the chain's own terms. */
export interface TransactionFailureReason {
  /**
   * One line a visitor can read: the decoded revert (`Error(string)`, a custom
   * error by name where the ABI is known), the Cosmos ABCI log, the Solana
   * instruction error, Polkadot's `Module.Error` (e.g. `Balances.InsufficientBalance`).
   */
  message: string
  /** The chain's own code: ABCI code, Solana `InstructionError` kind, EVM revert selector, Polkadot `Module.Error`. */
  code?: string | number
  /** Raw detail for the log and a "details" disclosure: revert data hex, ABCI log, error JSON. */
  raw?: string
}

/**
 * Where a sent transaction stands. `pending` with `stage: 'mempool'` is
 * Bitcoin's "in the mempool, not yet in a block"; `confirmations` counts
 * blocks on top where the chain has them (Bitcoin).
 */
export type TransactionOutcome =
  | {
      status: 'succeeded'
      hash: string
      /**
       * The transaction that included it, when `hash` is not a transaction's own: an ERC-4337 user
       * operation's bundle (histories list that hash).
       */
      transactionHash?: string
      /** Block number / slot / height as decimal text, when known. */
      block?: string
      confirmations?: number
      /** The fee actually charged, in the native currency, when the chain reports it. */
      fee?: Balance
    }
  | {
      status: 'failed'
      hash: string
      /** As on `succeeded`: the including transaction, when `hash` is a user operation's. */
      transactionHash?: string
      reason: TransactionFailureReason
      block?: string
      fee?: Balance
    }
  | {
      status: 'dropped'
      hash: string
      /** Set when another transaction (same nonce / inputs) took its place. */
      replacedBy?: string
      /** Why it is known dropped: "blockhash expired", "replaced by fee", "no longer in the mempool"… */
      reason?: string
    }
  | { status: 'pending'; hash: string; stage?: 'submitted' | 'mempool'; confirmations?: number }

/** What an account must keep (`getReserve`): the amount and why, shown beside Max and the amount check. */
export interface AccountReserve {
  /** Kept on top of the fee, in the units of the sent token (or the native currency). */
  keep: Balance
  kind: 'rent-exempt-minimum' | 'existential-deposit' | 'dust-limit' | 'fee-denom'
  /** One line the form shows, e.g. "Solana keeps 0.00089 SOL in every account (rent-exempt minimum)". */
  reason: string
}

/** A chain-neutral amount: integer units + decimals + symbol, and the SPEC §5 display string. */
export interface Balance {
  value: bigint
  decimals: number
  symbol: string
  /** Truncated to 3 decimals (SPEC §5), e.g. `10000.000`. */
  formatted: string
}

/**
 * A fee `estimateFee` priced: `value` is everything the sender pays in the
 * native currency. `accountDeposit`, when set, is the part of it that opens
 * an account for the receiver (the rent of a Solana token account, kept by
 * that account rather than burnt), so the fee preview can show it labelled.
 */
export interface FeeEstimate extends Balance {
  accountDeposit?: Balance
}

/**
 * A fungible token holding read from the chain (an SPL token account, an
 * ERC-20 balance…): the amount as a `Balance` plus the token's address.
 */
export interface TokenHolding extends Balance {
  /** Token contract / mint address, in the chain's native form (not CAIP-10). */
  token: string
  /** Display name when the adapter knows it (configured or on-chain metadata). */
  name?: string
  /** The token's CAIP-10 id as the chain writes it (e.g. lowercase on EVM); default `<network>:<token>`. */
  caipAddress?: CaipAddress
}

/** What `connect` resolves: validated accounts (first = selected) on a network. */
export interface ConnectResult {
  accounts: AccountRecord[]
  caipNetworkId: CaipNetworkId
  /** The wallet's own name / icon when the adapter knows them better than its connector (e.g. a session peer). */
  wallet?: ConnectedWalletInfo
}

/** A message signature in the chain's own encoding, with what a verifier needs. */
export interface SignedMessage {
  /** eip155 0x-hex, solana base58, polkadot 0x-hex, bip122 base64, cosmos base64. */
  signature: string
  /** 0x-hex public key, when the chain needs it to verify (Keplr, Polkadot). */
  publicKey?: string
  /** The key's protobuf type URL when it is not the chain's default kind (cosmos `ethsecp256k1`: `/ethermint.crypto.v1.ethsecp256k1.PubKey`). */
  publicKeyType?: string
  /** The bytes the wallet actually signed, when they differ from the message (Wallet Standard `signedMessage`, `<Bytes>` wrapping). */
  signedMessage?: Uint8Array
}

/** What a wallet's own sign-in feature (`solana:signIn`) returns: the exact text it signed and the signature. */
export interface SignedSignIn {
  /** The sign-in text the wallet wrote and signed (checked by the adapter to carry the requested fields). */
  message: string
  /** In the namespace's `SignedMessage.signature` form (solana base58). */
  signature: string
  /** 0x-hex public key, when the chain needs it to verify. */
  publicKey?: string
}

/** The outcome of `switchNetwork`. */
export type SwitchNetworkResult =
  /** Switched; `accounts` re-encoded for the new chain when their form depends on it (polkadot / cosmos prefixes). */
  | { status: 'switched'; accounts?: AccountRecord[] }
  /** The network is fixed at connect (bip122): the visitor must reconnect on the new network. */
  | { status: 'reconnect-needed' }

/** Events an adapter emits for the connections it holds, tagged with the connector they concern. */
export interface AdapterEvents {
  accountsChanged: { connectorId: string; accounts: AccountRecord[] }
  /** `accounts` re-encoded for the new chain when their form depends on it. */
  chainChanged: { connectorId: string; caipNetworkId: CaipNetworkId; accounts?: AccountRecord[] }
  disconnect: { connectorId: string; reason?: string }
}

/**
 * One adapter per chain namespace. Adapters never touch the UI; the UI never
 * touches a chain library. Optional members are capabilities: when absent the
 * caller throws `MethodNotSupportedError` — adapters never ship stubs.
 *
 * Addresses are chain-native strings validated by the adapter (which also
 * composes their CAIP-10 ids), amounts bigint + decimals, network ids CAIP-2.
 * Requests and options are typed per namespace (`TransactionRequests`… maps,
 * extended by each adapter package).
 */
/** A wallet an adapter names for visitors who have none: its name and https homepage. */
export interface WellKnownWallet {
  readonly name: string
  readonly url: string
}

export interface ChainAdapter<N extends ChainNamespace = ChainNamespace> {
  readonly namespace: N
  readonly networks: readonly Network[]
  /** What the adapter drives over a `RequestChannel` (WalletConnect proposals list only these). Absent: no channel support. */
  readonly channel?: ChannelCapabilities
  /** SPEC §4 safe / not-safe request method lists of the namespace. */
  readonly requestMethods?: RequestMethodLists
  /**
   * Well-known wallets of the namespace with their https homepages: a static
   * list the Connect view offers a visitor with no wallet installed, with no
   * server needed (names render as text; links other than https are dropped).
   */
  readonly wellKnownWallets?: readonly WellKnownWallet[]
  /**
   * The namespace has a memo convention (Cosmos: exchanges' shared deposit
   * addresses tell deposits apart by the transaction's memo). Receive then
   * tells the visitor that their own address needs no memo. Absent: no note.
   */
  readonly memoConvention?: boolean
  /** Called once by `createPortico`; may start discovery (only in a browser, never at import). */
  setup(ctx: PorticoContext): void | Promise<void>
  /** Discovered + configured connectors; changes are announced with `ctx.setConnectors`. */
  getConnectors(): readonly Connector[]
  /**
   * Connects `connectorId`. With `channel`, a plugin connector (WalletConnect…)
   * owns the session and the adapter drives it over the channel under that id;
   * otherwise the id is one of the adapter's own connectors.
   */
  connect(params: {
    connectorId: string
    caipNetworkId?: CaipNetworkId
    channel?: RequestChannel
    options?: ConnectOptionsOf<N>
  }): Promise<ConnectResult>
  disconnect(params: { connectorId: string }): Promise<void>
  /** Asks the wallet for accounts + chain; on failure logs a warning and returns empty accounts (SPEC §7). */
  getAccounts(params: {
    connectorId: string
  }): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  getBalance(params: { address: string; caipNetworkId: CaipNetworkId }): Promise<Balance>
  signMessage(params: {
    connectorId: string
    address: string
    message: string | Uint8Array
    options?: SignMessageOptionsOf<N>
  }): Promise<SignedMessage>
  /** Resolves the transaction hash / id in the chain's native form. */
  sendTransaction(params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: TransactionRequestOf<N>
  }): Promise<string>
  switchNetwork?(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<SwitchNetworkResult>
  signTransaction?(params: {
    connectorId: string
    address: string
    request: SignTransactionRequestOf<N>
  }): Promise<SignTransactionResultOf<N>>
  signTypedData?(params: { connectorId: string; address: string; typedData: unknown }): Promise<string>
  /** The fee the chain would charge for the request, in its native currency (with any account deposit it needs). */
  estimateFee?(params: {
    address?: string
    caipNetworkId: CaipNetworkId
    request: TransactionRequestOf<N>
  }): Promise<FeeEstimate>
  /**
   * True when `address` can receive on `caipNetworkId`: the namespace's full
   * check (EIP-55 checksum, bech32 prefix, SS58 prefix…). Send refuses a
   * receiver it rejects; without it Send is not offered for the namespace.
   */
  isValidAddress?(params: { address: string; caipNetworkId: CaipNetworkId }): boolean | Promise<boolean>
  /**
   * The namespace's transaction request moving `amount` (integer units) of the
   * native currency (`token` absent) or of `token` (its address in the chain's
   * native form, as `TokenHolding.token`) from `from` to `to`. Send builds
   * every transfer through it, then prices it with `estimateFee` and sends it
   * with `sendTransaction`.
   */
  transferRequest?(params: {
    from: string
    to: string
    caipNetworkId: CaipNetworkId
    token?: string
    amount: bigint
    /** An NFT of the collection `token` (Send NFT); adapters without NFT transfers throw `MethodNotSupportedError`. */
    nft?: { standard: 'erc721' | 'erc1155'; tokenId: bigint }
  }): TransactionRequestOf<N> | Promise<TransactionRequestOf<N>>
  /**
   * Fungible token balances of `address` read from the chain's RPC (SPL token
   * accounts on Solana). `tokens` narrows the result to these token addresses.
   */
  getTokenBalances?(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly string[]
  }): Promise<TokenHolding[]>
  /**
   * Follows a sent transaction to its real outcome and resolves it: included
   * and succeeded, included and failed (with the chain's reason), dropped or
   * replaced, or still pending when `timeoutMs` (default: the adapter's own,
   * e.g. a Solana blockhash's life) runs out. Never rejects for a chain-side
   * failure: it rejects only when the chain cannot be asked at all (RPC down),
   * with a typed error. `onUpdate` reports intermediate states (Bitcoin: in
   * the mempool, then each confirmation). Core re-reads balances whatever the
   * outcome; without it core re-reads right away and once more after
   * `RPC_POLLING_INTERVAL_MS`.
   */
  waitForTransaction?(params: {
    hash: string
    caipNetworkId: CaipNetworkId
    timeoutMs?: number
    signal?: AbortSignal
    onUpdate?: (outcome: TransactionOutcome) => void
  }): Promise<TransactionOutcome>
  /**
   * EIP-5792 capabilities of the connected account on a network (the wallet's
   * `wallet_getCapabilities`, or what the adapter itself runs, such as its
   * smart accounts). Absent: `portico.getCallsCapabilities` throws
   * `MethodNotSupportedError`; a wallet that does not implement the method
   * reports `atomic: 'unsupported'`.
   */
  getCallsCapabilities?(params: {
    connectorId: string
    address: string
    caipNetworkId?: CaipNetworkId
  }): Promise<CallsCapabilities>
  /**
   * EIP-5792 `wallet_sendCalls`: sends the calls as one batch; resolves the
   * wallet's batch id. `atomicRequired` refuses a wallet that cannot run them
   * atomically. Absent: `portico.sendCalls` throws `MethodNotSupportedError`.
   */
  sendCalls?(params: {
    connectorId: string
    address: string
    caipNetworkId?: CaipNetworkId
    calls: readonly CallRequest[]
    atomicRequired?: boolean
    sponsored?: boolean
  }): Promise<{ id: string }>
  /** EIP-5792 `wallet_getCallsStatus`, with the chain's outcome of the carrying transaction when known. */
  getCallsStatus?(params: { connectorId: string; id: string; timeoutMs?: number }): Promise<CallsStatus>
  /** EIP-5792 `wallet_showCallsStatus`: the wallet shows the batch in its own UI. */
  showCallsStatus?(params: { connectorId: string; id: string }): Promise<void>
  /**
   * What `address` must keep on `caipNetworkId` after a send of `token`
   * (absent: the native currency): Solana's rent-exempt minimum for the
   * account's data size, Polkadot's existential deposit, Bitcoin's dust limit
   * for change, the fee in a Cosmos fee denom. "Max" and the amount check
   * keep it and say why. Absent: nothing is kept beyond the fee.
   */
  getReserve?(params: {
    address: string
    caipNetworkId: CaipNetworkId
    token?: string
  }): Promise<AccountReserve | undefined>
  /**
   * The CAIP-122 sign-in text of the namespace (EIP-4361 on eip155, "Solana
   * account" on solana…) for `fields`; core has the wallet sign it with
   * `signMessage` and the gateway verify it. Absent: sign-in is not offered
   * in the namespace (`MethodNotSupportedError`).
   */
  formatSignInMessage?(fields: SiwxMessageFields): string | Promise<string>
  /**
   * Signs in through the connected wallet's own sign-in feature (Solana
   * `solana:signIn`), which writes the text itself from `fields`. The adapter
   * refuses (typed error) an answer whose text does not carry the requested
   * domain, address, nonce and other fields. Resolves undefined when the
   * wallet has no such feature: core then signs `formatSignInMessage`'s text
   * with `signMessage`.
   */
  signIn?(params: {
    connectorId: string
    address: string
    fields: SiwxMessageFields
  }): Promise<SignedSignIn | undefined>
  /**
   * The `signMessage` options a sign-in message of `address` is signed with
   * (Bitcoin: BIP-322 for segwit and taproot addresses, the legacy format
   * only for p2pkh). Absent: the namespace's default signing.
   */
  signInMessageOptions?(address: string): SignMessageOptionsOf<N> | undefined
  /**
   * The typed data (EIP-712 on eip155) an owner signs with `signTypedData`
   * to revoke a gateway smart session. Absent: the "Active sessions" view
   * cannot revoke in the namespace.
   */
  sessionRevokeTypedData?(fields: SessionRevokeFields): unknown | Promise<unknown>
  /** Subscribe to connection events; returns the unsubscribe function. */
  on<E extends keyof AdapterEvents>(event: E, handler: (payload: AdapterEvents[E]) => void): () => void
  destroy?(): void
}

/** Identity helper: adds types only. */
export function defineChainAdapter<A extends ChainAdapter<ChainNamespace>>(adapter: A): A {
  return adapter
}
