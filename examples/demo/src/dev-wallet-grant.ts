import type { DevWallet } from '@portico/adapter-evm/dev-wallet'

/** localStorage key under which the demo's dev wallet remembers that this site was approved. */
export const DEV_WALLET_GRANT_KEY = 'portico-demo:dev-wallet-grant'

/**
 * A browser wallet remembers the sites it approved, so after a reload it
 * answers `eth_accounts` without a prompt and Portico restores the
 * connection (and with it the stored sign-in session). The dev wallet lives
 * in the page and forgets on reload; this gives it that memory. The approval
 * is granted before Portico is created, ahead of the restore's `eth_accounts`.
 * A failure is said in the console and the memory dropped (the visitor then
 * connects again as on a first visit).
 */
export async function rememberSiteGrant(wallet: DevWallet, storage: Storage = localStorage): Promise<void> {
  if (storage.getItem(DEV_WALLET_GRANT_KEY) === '1') {
    try {
      await wallet.provider.request({ method: 'eth_requestAccounts' })
    } catch (error) {
      storage.removeItem(DEV_WALLET_GRANT_KEY)
      console.warn('The dev wallet did not restore its approval of this site', error)
    }
  }
  wallet.provider.on('connect', () => storage.setItem(DEV_WALLET_GRANT_KEY, '1'))
  wallet.provider.on('accountsChanged', (accounts: unknown) => {
    if (Array.isArray(accounts) && accounts.length === 0) storage.removeItem(DEV_WALLET_GRANT_KEY)
  })
  wallet.provider.on('disconnect', () => storage.removeItem(DEV_WALLET_GRANT_KEY))
}
