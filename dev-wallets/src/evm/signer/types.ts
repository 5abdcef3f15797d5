/** A minimal EIP-1193 provider, as wallets inject it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/** EIP-6963 provider info, as a wallet announces it. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  /** A `data:image/…` URI. */
  icon: string
  rdns: string
}

/** The window-like event target EIP-6963 runs on (the real `window`, or a stub in Node). */
export interface Eip6963Target {
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
  dispatchEvent(event: Event): boolean
  /** The legacy injected provider. */
  ethereum?: unknown
}
