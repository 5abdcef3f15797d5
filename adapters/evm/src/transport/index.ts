/**
 * `@portico/adapter-evm/transport` — the viem transport and public client of
 * an EVM network, with Portico's RPC settings (fallback, ranking, batching).
 * A separate entry: importing it imports viem.
 */
export { type EvmTransportOptions, resolveTransportOptions } from './options.js'
export { createEvmPublicClient, createEvmTransport, toViemChain } from './transport.js'
