import type { CaipAddress, ChainNamespace, PluginContext, PorticoState, WalletUser } from '@portico/core'

/**
 * SPEC §3 Wallet user's `chainId` and `accounts` for a login shown on `ns`: the
 * namespace's active network (EVM as a number, others as the CAIP-2 reference)
 * and the one account the frame holds there. Empty while no network is active.
 */
export function userLocation(
  state: PorticoState,
  ns: ChainNamespace,
  address: string | undefined,
): Pick<WalletUser, 'chainId' | 'accounts'> {
  const network = state.networks.active[ns]
  if (!network || !address) return {}
  const reference = network.slice(network.indexOf(':') + 1)
  const chainId = ns === 'eip155' && /^[0-9]+$/.test(reference) ? Number(reference) : reference
  const caipAddress = `${network}:${address}` as CaipAddress
  return { chainId, accounts: [{ namespace: ns, address, caipAddress, type: 'eoa' }] }
}

/**
 * Keeps `user.chainId` / `user.accounts` true after a network switch, on the
 * namespaces `shown` names (those the embedded wallet put a user on).
 */
export function followUserNetwork(ctx: PluginContext, shown: ReadonlySet<ChainNamespace>): () => void {
  return ctx.subscribe((state, previous) => {
    for (const ns of shown) {
      const user = state.accounts[ns]?.user
      if (!user || state.networks.active[ns] === previous.networks.active[ns]) continue
      const { chainId, accounts } = userLocation(state, ns, user.address)
      ctx.updateAccount?.(ns, { user: { ...user, chainId, accounts } })
    }
  })
}
