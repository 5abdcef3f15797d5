import type { Eip1193Provider, Eip6963ProviderInfo, Eip6963Target } from './types.js'

/**
 * Announces a provider through EIP-6963 on `target` (default `window`): now,
 * and again on every `eip6963:requestProvider`. Returns the stop function.
 */
export function announceProvider(
  info: Eip6963ProviderInfo,
  provider: Eip1193Provider,
  target?: Eip6963Target,
): () => void {
  const t = target ?? (globalThis as { window?: Eip6963Target }).window
  if (!t) throw new Error('dev wallet: no window to announce on')
  const detail = Object.freeze({ info, provider })
  const announce = () => {
    t.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  t.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => t.removeEventListener('eip6963:requestProvider', announce)
}

/** RFC 4122 v4; `crypto.randomUUID` exists only in secure contexts, so fall back to getRandomValues. */
export function randomUuid(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * A window stand-in for Node: an EventTarget the EIP-6963 protocol runs on
 * unchanged (CustomEvent announce / Event request), with an optional legacy
 * `ethereum`. Browsers use the real `window`.
 *
 * @example
 * const win = createWindowStub(); wallet.announce(win); evmAdapter({ networks, window: win })
 */
export function createWindowStub(init: { ethereum?: unknown } = {}): Eip6963Target & EventTarget {
  const target = new EventTarget() as EventTarget & { ethereum?: unknown }
  if (init.ethereum !== undefined) target.ethereum = init.ethereum
  return target
}
