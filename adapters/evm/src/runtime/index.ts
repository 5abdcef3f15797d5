/** The adapter's viem-backed code: RPC clients, Multicall3 reads, ABI encoding, address checksums. */
export type EvmRuntime = typeof import('./runtime.js')

/**
 * Loads viem and the code that needs it as a separate chunk. Importing
 * `@portico/adapter-evm` and running `evmAdapter(…).setup` never does; the
 * adapter calls this on first use (connect, reads, signing, sending) and keeps
 * the promise.
 */
export function loadEvmRuntime(): Promise<EvmRuntime> {
  return import('./runtime.js')
}
