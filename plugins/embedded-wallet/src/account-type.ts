import type { PluginContext } from '@portico/core'
import { ACCOUNT_TYPE_STORAGE_KEY } from './plugin.js'

/** SPEC §3 `preferredAccountType`: an EVM account of an embedded wallet is a smart account or its owner EOA. */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

// The stored choice and the first type a login shows are read by the registration (plugin.ts);
// this module, loaded with the controller, follows the type shown once a login exists.
export { ACCOUNT_TYPE_STORAGE_KEY, preferredAccountType } from './plugin.js'

/**
 * Keeps the login's wallet user true to the EVM account shown: its
 * `preferredAccountType` and `accounts` follow the account type core shows
 * (a connect, a switch), and a switch made by the visitor is stored so the
 * next reconnect opens on the same type. Only while the embedded wallet is
 * the connected EVM wallet.
 */
export function followAccountType(ctx: PluginContext, connectorId: string): () => void {
  return ctx.subscribe((state, previous) => {
    const account = state.accounts.eip155
    const user = account?.user
    if (!account || !user || account.connectorId !== connectorId || !account.address) return
    const shown = account.allAccounts.find((r) => r.address === account.address)?.type
    if (!shown || !account.allAccounts.some((r) => r.type !== shown)) {
      if (user.preferredAccountType === shown || !shown) return
      ctx.updateAccount?.('eip155', { user: { ...user, preferredAccountType: shown } })
      return
    }
    const before = previous.accounts.eip155
    const switched =
      before?.address !== undefined &&
      before.address !== account.address &&
      before.connectorId === connectorId &&
      before.allAccounts.some((r) => r.address === account.address)
    if (switched) ctx.storage.set(ACCOUNT_TYPE_STORAGE_KEY, shown)
    const accounts = account.allAccounts
    const same =
      user.accounts?.length === accounts.length &&
      user.accounts.every(
        (a, i) => a.caipAddress === accounts[i]?.caipAddress && a.type === accounts[i]?.type,
      )
    if (user.preferredAccountType === shown && same) return
    ctx.updateAccount?.('eip155', { user: { ...user, preferredAccountType: shown, accounts: [...accounts] } })
  })
}
