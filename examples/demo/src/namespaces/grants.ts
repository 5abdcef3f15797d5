import type { ChainNamespace, Portico } from '@portico/core'

/** localStorage key under which the demo remembers that the namespace's dev wallet approved this site. */
export const namespaceGrantKey = (ns: ChainNamespace) => `portico-demo:dev-wallet-grant:${ns}`

/** How a namespace's dev wallet gets its approval of this site back after a reload. */
export type GrantRestorers = Partial<Record<ChainNamespace, () => Promise<unknown>>>

/**
 * The Solana, Bitcoin and Polkadot dev wallets live in the page and forget on
 * reload what a browser wallet remembers: the sites it approved. Before
 * Portico is created, the namespaces whose wallet approved this site get
 * that approval back (Solana and Bitcoin connect again without a prompt; the
 * Polkadot extension is awaited so it is injected when the restore asks for
 * it), so Portico restores the connection and with it a stored sign-in
 * session, as with the EVM dev wallet (`rememberSiteGrant`). A failure is
 * said in the console and the memory dropped.
 */
export async function restoreNamespaceGrants(
  restorers: GrantRestorers,
  storage: Storage = localStorage,
): Promise<void> {
  await Promise.all(
    (Object.entries(restorers) as [ChainNamespace, () => Promise<unknown>][]).map(async ([ns, restore]) => {
      if (storage.getItem(namespaceGrantKey(ns)) !== '1') return
      try {
        await restore()
      } catch (error) {
        storage.removeItem(namespaceGrantKey(ns))
        console.warn(`The ${ns} dev wallet did not restore its approval of this site`, error)
      }
    }),
  )
}

/** Remembers, per namespace with a restorer, whether a wallet is connected (set on connect, dropped on disconnect). */
export function trackNamespaceGrants(
  portico: Portico,
  restorers: GrantRestorers,
  storage: Storage = localStorage,
): void {
  const namespaces = Object.keys(restorers) as ChainNamespace[]
  portico.subscribe((state) => {
    for (const ns of namespaces) {
      const status = state.accounts[ns]?.status
      if (status === 'connected') storage.setItem(namespaceGrantKey(ns), '1')
      else if (status === undefined || status === 'disconnected') storage.removeItem(namespaceGrantKey(ns))
    }
  })
}
