import type { Wallet } from '@wallet-standard/base'

/**
 * Registers `wallet` with the Wallet Standard on `target` (default the global
 * `window`): the same handshake as @wallet-standard/wallet's registerWallet,
 * keeping the unregister function. Returns it.
 */
export function registerWallet(wallet: Wallet, target?: EventTarget): () => void {
  const on = target ?? (globalThis as { window?: EventTarget }).window
  if (!on) throw new Error('register(): no window; pass an EventTarget')
  let unregister: (() => void) | undefined
  const callback = ({ register }: { register: (...wallets: Wallet[]) => () => void }) => {
    unregister ??= register(wallet)
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
  on.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: callback,
      bubbles: false,
      cancelable: false,
    }),
  )
  on.addEventListener('wallet-standard:app-ready', onAppReady)
  return () => {
    on.removeEventListener('wallet-standard:app-ready', onAppReady)
    unregister?.()
    unregister = undefined
  }
}
