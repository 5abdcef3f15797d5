import {
  type BlockchainApi,
  type CaipNetworkId,
  type ChainNamespace,
  HttpRequestError,
  NameNotFoundError,
  type NameResolver,
} from '@portico/core'

/**
 * SLIP-44 coin type the registry files each namespace's address under
 * (registrations from this plugin use 60, EVM).
 */
const COIN_TYPE: Partial<Record<ChainNamespace, string>> = {
  eip155: '60',
  solana: '501',
  bip122: '0',
  polkadot: '354',
  cosmos: '118',
}

/**
 * Send's receiver lookup for names in the plugin's zone (`ada.portico.id`):
 * `GET /v1/profile/account/{name}`, the address filed under the namespace's
 * coin type. Names in other zones are left to other resolvers (`undefined`).
 * A 404 or a record with no address for the namespace is `NameNotFoundError`;
 * any other failure is thrown as is, for the view to show.
 */
export function createZoneResolver(
  api: Pick<BlockchainApi, 'lookupName'> | undefined,
  zone: string,
): NameResolver {
  return async ({ name, namespace, signal }) => {
    if (!api || !name.endsWith(`.${zone}`)) return undefined
    let record: Awaited<ReturnType<BlockchainApi['lookupName']>>
    try {
      record = await api.lookupName(name, signal ? { signal } : {})
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 404) throw new NameNotFoundError(name)
      throw error
    }
    const coin = COIN_TYPE[namespace]
    const entry = coin !== undefined ? record?.addresses?.[coin] : undefined
    if (!entry || typeof entry.address !== 'string' || entry.address === '')
      throw new NameNotFoundError(name, { details: `no ${namespace} address is registered for it` })
    return {
      name: typeof record.name === 'string' ? record.name : name,
      address: entry.address,
      source: 'names',
    }
  }
}

/**
 * Send's receiver lookup for ENS names (`alice.eth`) on EVM accounts:
 * `GET /v1/ens/resolve/{name}?chainId` (the gateway normalises the name per
 * ENSIP-15 and asks the registry → resolver → `addr(bytes32)`), on the
 * active EVM network. The client skips the call with `UnsupportedChainError`
 * on an unsupported network (SPEC §5). Other names and other namespaces are
 * left to other resolvers (`undefined`). A 404 is `NameNotFoundError`; any
 * other failure is thrown as is, for the view to show.
 */
export function createEnsResolver(
  api: Pick<BlockchainApi, 'resolveEnsName'> | undefined,
  network: () => CaipNetworkId | undefined,
): NameResolver {
  return async ({ name, namespace, signal }) => {
    if (!api?.resolveEnsName || namespace !== 'eip155' || !name.endsWith('.eth')) return undefined
    const chainId = network()
    let found: { name: string; address: string }
    try {
      found = await api.resolveEnsName({
        name,
        ...(chainId ? { chainId } : {}),
        ...(signal ? { signal } : {}),
      })
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 404) throw new NameNotFoundError(name)
      throw error
    }
    if (!found || typeof found.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(found.address))
      throw new NameNotFoundError(name, { details: 'the gateway answered no EVM address' })
    return {
      name: typeof found.name === 'string' && found.name ? found.name : name,
      address: found.address,
      source: 'ens',
    }
  }
}
