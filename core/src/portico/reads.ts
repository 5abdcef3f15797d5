import type { AccountsService } from '../accounts/index.js'
import type { ChainNamespace, Portico, PorticoState } from '../contracts/index.js'
import { AddressOrAuthConnectorNotFoundError, PorticoError } from '../errors/index.js'
import type { Store } from '../state/index.js'
import type { InstanceApi } from './api.js'

/** A history `onramp` parameter: absent, or "all" / a provider id (SPEC §7). */
export function checkOnramp(what: string, onramp: unknown): string | undefined {
  if (onramp === undefined) return undefined
  if (typeof onramp === 'string' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(onramp)) return onramp
  throw new PorticoError(`${what}: onramp must be "all" or a provider id`, {
    code: 'INVALID_ACTIVITY_QUERY',
    details: JSON.stringify(onramp) ?? String(onramp),
  })
}

/**
 * The gateway reads about the connected account: `getActivity` (with the
 * history parameters plugins add through `setActivityQuery`) and `getNfts`.
 * Both refuse without a connected account in the namespace asked for.
 */
export function createAccountReads(deps: {
  store: Store<PorticoState>
  accounts: AccountsService
  api: InstanceApi
}) {
  // SPEC §7 history parameters plugins add to every getActivity call.
  let activityQuery: { onramp?: string } = {}
  const connected = (namespace: ChainNamespace | undefined) => {
    const ns = namespace ?? deps.store.getState().activeNamespace
    const account = ns ? deps.accounts.get(ns) : undefined
    if (!ns || account?.status !== 'connected' || !account.address) {
      throw new AddressOrAuthConnectorNotFoundError({ details: ns })
    }
    return { address: account.address, chainId: deps.store.getState().networks.active[ns] }
  }
  const getActivity: Portico['getActivity'] = async ({ namespace, cursor, onramp: asked } = {}) => {
    const onramp = checkOnramp('getActivity', asked) ?? activityQuery.onramp
    const { address, chainId } = connected(namespace)
    return deps.api.blockchain.getTransactionHistory({
      account: address,
      ...(chainId ? { chainId } : {}),
      ...(cursor ? { cursor } : {}),
      ...(onramp ? { onramp } : {}),
    })
  }
  const getNfts: Portico['getNfts'] = async ({ namespace, cursor, limit, signal } = {}) => {
    const { address, chainId } = connected(namespace)
    if (!deps.api.blockchain.getNfts)
      throw new PorticoError('Blockchain API not configured', { code: 'API_NOT_CONFIGURED' })
    return deps.api.blockchain.getNfts({
      account: address,
      ...(chainId ? { chainId } : {}),
      ...(cursor ? { cursor } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(signal ? { signal } : {}),
    })
  }
  return {
    getActivity,
    getNfts,
    setActivityQuery(query: { onramp?: unknown } | undefined) {
      activityQuery = { ...activityQuery, onramp: checkOnramp('setActivityQuery', query?.onramp) }
    },
  }
}
