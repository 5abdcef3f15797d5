import type {
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  PorticoError,
  SignedMessage,
  SignTransactionRequestOf,
  SignTransactionResultOf,
  TransactionRequestOf,
} from '@portico/core'
import type { DevWalletControls } from '@portico/core/dev-wallet'
import type { DevWcWallet } from '../walletconnect/dev-wallet/index.js'

/** The dev wallet of the adapter under test, driven the same way for every chain. */
export interface ConformanceDevWallet {
  /** The connector id the adapter gives this wallet. */
  readonly connectorId: string
  /** The selected account's chain-native address. */
  readonly address: string
  /** The behaviour switch every Portico dev wallet shares (reject / hold / tamper). */
  readonly controls: Pick<
    DevWalletControls,
    'rejectNext' | 'holdNext' | 'nextHeld' | 'tamperNext' | 'setBehaviour'
  >
  /** Makes the wallet discoverable (EIP-6963 announce, Wallet Standard register…); returns the undo. */
  install(): (() => void) | undefined
  /** Wallet side: the user selects another account; resolves its address. Omit when the wallet family has no account events (WBIP004 request API). */
  switchAccount?(): string | Promise<string>
  /** Wallet side: the user switches network; resolves the new CAIP-2 id. Omit when the wallet cannot. */
  switchChain?(): CaipNetworkId | Promise<CaipNetworkId>
  /** Wallet side: the wallet drops the site. Omit when the wallet family cannot tell the site (WBIP004 request API). */
  disconnect?(): void | Promise<void>
  /**
   * Wallet side: the network the wallet itself is on, asked of the wallet
   * (EVM: its `eth_chainId`), never of the adapter. The `networkSwitch` check
   * requires it to follow an app-side switch. Omit when the wallet family has
   * no network of its own (Polkadot extensions: the app picks it).
   */
  network?(): CaipNetworkId | Promise<CaipNetworkId>
}

/** The chain the adapter runs against: a real local node, read with the chain's own tools. */
export interface ConformanceDevnet<N extends ChainNamespace> {
  /** The network the dev wallet's accounts are funded on. */
  readonly caipNetworkId: CaipNetworkId
  /** Native balance of an address, in the smallest unit, read from the node. */
  balanceOf(address: string): Promise<bigint>
  /** A native transfer in the namespace's request shape. */
  transferRequest(to: string, amount: bigint): TransactionRequestOf<N>
  /** Where the transfer goes and how much (smallest unit). */
  readonly receiver: string
  readonly amount: bigint
  /** The fee the sender paid for a landed transaction (smallest unit), read from the node. */
  feeOf(hash: string): Promise<bigint>
  /**
   * An extra message check of the caller's own. The kit always verifies with
   * its own verifier for the namespace (`verifyMessageIndependently`), never
   * with code of the adapter under test; this runs as well when given.
   */
  verifyMessage?(args: { address: string; message: string; signed: SignedMessage }): Promise<boolean>
  /** Brings a sent transaction into a block where the node does not on its own (Bitcoin: mine one). */
  confirm?(hash: string): Promise<void>
  stop?(): Promise<void>
}

/** An error class a check requires (`instanceof`). */
export type ErrorClass = abstract new (...args: never[]) => PorticoError

/**
 * The checks beyond the base suite, each on when its option is given (with
 * the fixtures it needs). Their absence keeps the base suite only.
 */
export interface ConformanceChecks<N extends ChainNamespace> {
  /**
   * The fee `prepareSend` showed vs the fee the node charged (`feeOf`):
   * `charged × (1 − underAtMost) ≤ estimated ≤ charged × overAtMost`.
   * Without it the kit only checks that a fee was charged consistently.
   */
  fees?: {
    /** How far above the charged fee the estimate may be, as a factor (1 = exact; EVM's worst case: 2.5). */
    overAtMost: number
    /** How far below, as a fraction of the charged fee (default 0: never below). */
    underAtMost?: number
  }
  /**
   * `waitForTransaction` outcomes: a transfer → succeeded; `failingRequest`
   * (lands, then fails on chain) → failed with a reason. Leave
   * `failingRequest` out only where no included transaction can fail (Bitcoin:
   * an invalid one never leaves the mempool check).
   */
  outcomes?: {
    failingRequest?: (
      devnet: ConformanceDevnet<N>,
      address: string,
    ) => TransactionRequestOf<N> | Promise<TransactionRequestOf<N>>
    /** The chain has a mempool stage the adapter reports through `onUpdate` before inclusion (Bitcoin). */
    mempoolStage?: boolean
  }
  /**
   * `getReserve` answers with this kind (keeping more than 0), Max keeps it,
   * and an amount eating into it is refused with `BelowMinimumBalanceError`.
   * With `newAccount`, a native send of less than `minimum` to an account that
   * does not exist yet is refused before signing with `BelowMinimumBalanceError`
   * (receiver) naming that minimum.
   */
  reserves?: {
    kind: 'rent-exempt-minimum' | 'existential-deposit' | 'dust-limit' | 'fee-denom'
    /**
     * The reserve applies to sending this token rather than the native
     * currency (Cosmos: a token's fee is paid in the fee coin, `fee-denom`).
     * Then the check asks `getReserve` with the token, and for `fee-denom`
     * requires the reserve in the native currency (at least the fee Send
     * shows for the token), Max of the token to be the whole token balance,
     * and Send of all of it to go through with the reserve in its preview.
     * Without it the native currency's reserve is checked.
     */
    token?: {
      token: string
      decimals: number
      symbol: string
      /** The dev wallet's balance of the token, read from the node (smallest unit). */
      balanceOf(address: string, token: string): Promise<bigint>
    }
    newAccount?: {
      /** A fresh address no one has funded (a new one per call). */
      address(): string
      /** The chain's minimum for a new account, read with the chain's own tools (smallest unit). */
      minimum(devnet: ConformanceDevnet<N>): Promise<bigint>
    }
  }
  /**
   * The app switches network (`portico.switchNetwork`) to `to`, a second
   * local network: core's active network and the account's CAIP-10 id follow
   * (`addressOn` gives the address there when it changes form), and when the
   * dev wallet tells its own network (`ConformanceDevWallet.network`) the
   * wallet is on `to` as well.
   */
  networkSwitch?: { to: CaipNetworkId; addressOn?: (to: CaipNetworkId) => string }
  /** A fungible token the dev wallet holds: balances read by the adapter equal the node's, and a token send moves them. */
  tokens?: {
    token: string
    decimals: number
    symbol: string
    amount: bigint
    balanceOf(address: string, token: string): Promise<bigint>
  }
  /**
   * `signTransaction` of `request`, checked by `verify` (the chain's own
   * tools, not the adapter's: the signature by `address`, over what was asked).
   */
  signTransaction?: {
    request: (
      devnet: ConformanceDevnet<N>,
      address: string,
    ) => SignTransactionRequestOf<N> | Promise<SignTransactionRequestOf<N>>
    verify(
      result: SignTransactionResultOf<N>,
      address: string,
      request: SignTransactionRequestOf<N>,
    ): boolean | Promise<boolean>
  }
  /**
   * Base checks to leave out (listed as skipped) where another suite on the
   * same adapter already ran them and this wallet adds nothing to them (a
   * wallet personality: `send` is the adapter's own Send flow, the same PSBT
   * path `transfer` drives through this wallet).
   */
  omit?: readonly 'send'[]
  /** A fresh Portico (fresh adapter, same storage) restores the connection, as after a page reload. */
  restore?: boolean
  /**
   * The same core checks over a real WalletConnect session (`walletConnectChannel`):
   * `open` starts the loopback relay and the dev WalletConnect wallet holding
   * this namespace's funded key on `devnet.caipNetworkId`; `address` is that key's address.
   */
  walletConnect?: {
    open(devnet: ConformanceDevnet<N>): Promise<{
      relayUrl: string
      wallet: DevWcWallet
      address: string
      stop(): Promise<void>
    }>
  }
  /**
   * The specific class of a malformed wallet answer's error (accounts and
   * signature), e.g. the adapter's `InvalidWalletResponseError`. Without it
   * (or the two below) the malformed-answer checks only refuse `UnknownError`
   * and the bare `PorticoError`: give the class so the kit requires it.
   */
  invalidWalletResponseError?: ErrorClass
  /** The class for malformed accounts when it differs from `invalidWalletResponseError`. */
  malformedAccountsError?: ErrorClass
  /** The class for a malformed signature when it differs from `invalidWalletResponseError`. */
  malformedSignatureError?: ErrorClass
}

export interface DescribeChainAdapterOptions<N extends ChainNamespace> {
  /** Suite title, e.g. `evmAdapter on anvil`. */
  name: string
  namespace: N
  /** Starts (or reaches) the real local node; called once, before the suite. */
  devnet: () => Promise<ConformanceDevnet<N>>
  /** A fresh adapter for one Portico instance (discovery on, so the dev wallet is found). */
  adapter: (devnet: ConformanceDevnet<N>) => ChainAdapter<N>
  /** A fresh dev wallet holding funded devnet keys, not yet installed. */
  devWallet: (devnet: ConformanceDevnet<N>) => ConformanceDevWallet | Promise<ConformanceDevWallet>
  /** Milliseconds to wait for asynchronous state (events, balances); default 10 000. */
  timeoutMs?: number
  /** Opt-in checks beyond the base suite. */
  checks?: ConformanceChecks<N>
  /**
   * Why an opt-in check is off for this adapter, printed in the skipped
   * check's title (e.g. `networkSwitch: 'one local network per namespace'`),
   * so a report says what is not checked and why.
   */
  notApplicable?: Partial<Record<keyof ConformanceChecks<N>, string>>
  /**
   * Records what this run found for the compatibility matrix (`docs/wallets.md`): the wallet's
   * column name, e.g. `'Xverse (emulated)'`. After a complete run (every check ran or was
   * skipped, none failed) the results must equal `docs/wallets/<namespace>.json`, or the suite
   * fails; `PORTICO_UPDATE_WALLETS=1` writes them instead (then `node scripts/wallet-matrix.mjs`).
   */
  matrix?: { wallet: string }
}
