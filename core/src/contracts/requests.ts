import type { ChainNamespace } from './network.js'

/**
 * Per-namespace transaction requests. Core declares the map empty; each
 * adapter package adds its namespace by declaration merging, so
 * `portico.sendTransaction` and `adapter.sendTransaction` are typed by the
 * adapters a host installs, never by one EVM-shaped object:
 *
 * ```ts
 * declare module '@portico/core' {
 *   interface TransactionRequests { eip155: { to?: string; value?: bigint; data?: string } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in adapter packages
export interface TransactionRequests {}

/** Per-namespace options of `signMessage` (e.g. bip122 `{ protocol: 'ecdsa' | 'bip322' }`), by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in adapter packages
export interface SignMessageOptions {}

/** Per-namespace options of `connect` (bip122 purposes, cosmos chain ids, polkadot app name), by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in adapter packages
export interface ConnectOptions {}

/** Per-namespace requests of the optional `signTransaction` (Solana bytes, PSBT, Cosmos sign docs), by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in adapter packages
export interface SignTransactionRequests {}

/** Per-namespace results of the optional `signTransaction`, by declaration merging. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in adapter packages
export interface SignTransactionResults {}

/** `M[N]` when namespace `N` declared an entry in map `M`, else `never` (distributes over unions). */
export type NamespaceEntry<M, N extends ChainNamespace> = N extends keyof M ? M[N] : never

/** The transaction request of namespace `N` (a union for a union of namespaces). */
export type TransactionRequestOf<N extends ChainNamespace = ChainNamespace> = NamespaceEntry<
  TransactionRequests,
  N
>
export type SignMessageOptionsOf<N extends ChainNamespace = ChainNamespace> = NamespaceEntry<
  SignMessageOptions,
  N
>
export type ConnectOptionsOf<N extends ChainNamespace = ChainNamespace> = NamespaceEntry<ConnectOptions, N>
export type SignTransactionRequestOf<N extends ChainNamespace = ChainNamespace> = NamespaceEntry<
  SignTransactionRequests,
  N
>
export type SignTransactionResultOf<N extends ChainNamespace = ChainNamespace> = NamespaceEntry<
  SignTransactionResults,
  N
>

/**
 * What a host may hand `portico.sendTransaction`: any installed adapter's
 * request. With no adapter package in the type graph (a UI package compiled
 * alone) it is an opaque record, checked by the adapter at run time.
 */
export type AnyTransactionRequest = [TransactionRequestOf] extends [never]
  ? Readonly<Record<string, unknown>>
  : TransactionRequestOf
