import type { HistoryResponse } from '@portico/core'
import { isAddress } from '@portico/core'
import Type from 'typebox'
import {
  bitcoinHistory,
  ChainReadError,
  type ChainRegistry,
  COSMOS_HISTORY_CURSOR,
  cosmosHistory,
  isSolanaPublicKey,
  POLKADOT_HISTORY_CURSOR,
  polkadotHistory,
  SOLANA_SIGNATURE,
  solanaHistory,
  ss58AccountId,
} from '../chains/index.js'
import type {
  BitcoinNetworkConfig,
  CosmosNetworkConfig,
  PolkadotNetworkConfig,
  SolanaNetworkConfig,
} from '../config/index.js'
import type { App } from '../http/app.js'
import { ApiError, badRequest } from '../http/errors.js'
import { ACCOUNT, BITCOIN_ACCOUNT, CAIP2, normalizeAccount, sdkParams } from '../http/schemas.js'
import { nftImagePath } from '../nfts/routes.js'
import { decodeCursor, type HistoryService } from './history.js'

/** GET /v1/account/{account}/history?cursor&onramp&chainId → { data, next } (SPEC §7). */
export function registerHistoryRoutes(
  app: App,
  deps: {
    history: HistoryService
    chains: ChainRegistry
    bitcoin?: readonly BitcoinNetworkConfig[]
    /** Solana networks: history read from their RPC node (`getSignaturesForAddress` + `getTransaction`). */
    solana?: readonly SolanaNetworkConfig[]
    /** Cosmos networks: history read from their REST API (`GetTxsEvent` by transfer sender / recipient). */
    cosmos?: readonly CosmosNetworkConfig[]
    /** Polkadot networks: history read from their recent blocks' events over JSON-RPC. */
    polkadot?: readonly PolkadotNetworkConfig[]
    /** The gateway's public URL: NFT items link their thumbnail through its image proxy. */
    publicUrl?: () => string
  },
) {
  app.get(
    '/v1/account/:account/history',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({
          account: Type.String({
            pattern: `${ACCOUNT}|${BITCOIN_ACCOUNT}|${SOLANA_ACCOUNT}|${COSMOS_ACCOUNT}|${POLKADOT_ACCOUNT}`,
          }),
        }),
        querystring: Type.Object({
          ...sdkParams,
          cursor: Type.Optional(Type.String({ maxLength: 100 })),
          onramp: Type.Optional(Type.String({ maxLength: 32, pattern: '^[a-z0-9_-]*$' })),
          chainId: Type.Optional(Type.String({ pattern: CAIP2 })),
          limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$' })),
        }),
      },
    },
    async (request): Promise<HistoryResponse> => {
      const q = request.query
      if (request.params.account.startsWith('bip122:') || q.chainId?.startsWith('bip122:')) {
        return await bitcoinPage(deps.bitcoin ?? [], request.params.account, q.chainId, q.cursor)
      }
      if (request.params.account.startsWith('solana:') || q.chainId?.startsWith('solana:')) {
        return await solanaPage(deps.solana ?? [], request.params.account, q.chainId, q.cursor, q.limit)
      }
      if (request.params.account.startsWith('cosmos:') || q.chainId?.startsWith('cosmos:')) {
        return await cosmosPage(deps.cosmos ?? [], request.params.account, q.chainId, q.cursor, q.limit)
      }
      if (request.params.account.startsWith('polkadot:') || q.chainId?.startsWith('polkadot:')) {
        return await polkadotPage(deps.polkadot ?? [], request.params.account, q.chainId, q.cursor, q.limit)
      }
      const { address, chain: fromAccount } = normalizeAccount(request.params.account)
      const chain = q.chainId ?? fromAccount
      if (chain && !deps.chains.get(chain)) {
        throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
      }
      let after: string | undefined
      if (q.cursor !== undefined && q.cursor !== '') {
        after = decodeCursor(q.cursor)
        if (!after) throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
      }
      const project = encodeURIComponent(request.project!.id)
      const publicUrl = deps.publicUrl
      return deps.history.page({
        account: address,
        ...(publicUrl
          ? {
              nftImage: (chainId: string, contract: string, tokenId: string) =>
                `${publicUrl()}${nftImagePath(chainId, contract, tokenId)}?projectId=${project}`,
            }
          : {}),
        ...(chain ? { chain } : {}),
        ...(after ? { after } : {}),
        ...(q.limit ? { limit: Number(q.limit) } : {}),
      })
    },
  )
}

/** A Solana address: base58 public key, bare (with `chainId`) or CAIP-10. */
const SOLANA_ACCOUNT = '^(solana:[1-9A-HJ-NP-Za-km-z]{1,32}:)?[1-9A-HJ-NP-Za-km-z]{32,44}$'

/** A Cosmos bech32 address, bare (with `chainId`) or CAIP-10. */
const COSMOS_ACCOUNT = '^(cosmos:[-_a-zA-Z0-9]{1,32}:)?[a-z][a-z0-9]{0,31}1[02-9ac-hj-np-z]{38,58}$'

/** A Cosmos address's history through its network's REST API (20 transactions per page, newest first). */
async function cosmosPage(
  networks: readonly CosmosNetworkConfig[],
  account: string,
  chainId: string | undefined,
  cursor: string | undefined,
  limit: string | undefined,
): Promise<HistoryResponse> {
  const parts = account.split(':')
  const address = parts.length === 3 ? parts[2]! : account
  const chain = chainId ?? (parts.length === 3 ? `${parts[0]}:${parts[1]}` : undefined)
  const network = networks.find((n) => n.caipNetworkId === chain)
  if (!network) throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
  if (!isAddress(address, 'cosmos') || !address.startsWith(`${network.bech32Prefix}1`))
    throw badRequest(`params/account is not an address of ${network.caipNetworkId}`, 'invalid_address')
  if (cursor !== undefined && cursor !== '' && !COSMOS_HISTORY_CURSOR.test(cursor))
    throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
  try {
    return await cosmosHistory(network, address, cursor || undefined, limit ? Number(limit) : undefined)
  } catch (error) {
    if (error instanceof ChainReadError) throw new ApiError(502, 'chain_unavailable', error.message)
    throw error
  }
}

/** A Polkadot SS58 address, bare (with `chainId`) or CAIP-10. */
const POLKADOT_ACCOUNT = '^(polkadot:[0-9a-f]{32}:)?[1-9A-HJ-NP-Za-km-z]{46,52}$'

/** An SS58 address's history from its network's recent blocks (20 items per page, newest first). */
async function polkadotPage(
  networks: readonly PolkadotNetworkConfig[],
  account: string,
  chainId: string | undefined,
  cursor: string | undefined,
  limit: string | undefined,
): Promise<HistoryResponse> {
  const parts = account.split(':')
  const address = parts.length === 3 ? parts[2]! : account
  const chain = chainId ?? (parts.length === 3 ? `${parts[0]}:${parts[1]}` : undefined)
  const network = networks.find((n) => n.caipNetworkId === chain)
  if (!network) throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
  if (!ss58AccountId(address, network.ss58Prefix))
    throw badRequest(`params/account is not an address of ${network.caipNetworkId}`, 'invalid_address')
  if (cursor !== undefined && cursor !== '' && !POLKADOT_HISTORY_CURSOR.test(cursor))
    throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
  try {
    return await polkadotHistory(network, address, cursor || undefined, limit ? Number(limit) : undefined)
  } catch (error) {
    if (error instanceof ChainReadError) throw new ApiError(502, 'chain_unavailable', error.message)
    throw error
  }
}

/** A Solana address's history through its network's RPC node (20 transactions per page, newest first). */
async function solanaPage(
  networks: readonly SolanaNetworkConfig[],
  account: string,
  chainId: string | undefined,
  cursor: string | undefined,
  limit: string | undefined,
): Promise<HistoryResponse> {
  const parts = account.split(':')
  const address = parts.length === 3 ? parts[2]! : account
  const chain = chainId ?? (parts.length === 3 ? `${parts[0]}:${parts[1]}` : undefined)
  const network = networks.find((n) => n.caipNetworkId === chain)
  if (!network) throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
  if (!isSolanaPublicKey(address))
    throw badRequest(`params/account is not an address of ${network.caipNetworkId}`, 'invalid_address')
  if (cursor !== undefined && cursor !== '' && !SOLANA_SIGNATURE.test(cursor))
    throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
  try {
    return await solanaHistory(network, address, cursor || undefined, limit ? Number(limit) : undefined)
  } catch (error) {
    if (error instanceof ChainReadError) throw new ApiError(502, 'chain_unavailable', error.message)
    throw error
  }
}

/** A Bitcoin address's history through its network's Esplora API (mempool first, 25 confirmed per page). */
async function bitcoinPage(
  networks: readonly BitcoinNetworkConfig[],
  account: string,
  chainId: string | undefined,
  cursor: string | undefined,
): Promise<HistoryResponse> {
  const parts = account.split(':')
  const address = parts.length === 3 ? parts[2]! : account
  const chain = chainId ?? (parts.length === 3 ? `${parts[0]}:${parts[1]}` : undefined)
  const network = networks.find((n) => n.caipNetworkId === chain)
  if (!network) throw badRequest(`Network ${chain} is not supported by this gateway`, 'unsupported_chain')
  if (cursor !== undefined && cursor !== '' && !/^[0-9a-f]{64}$/.test(cursor))
    throw badRequest('cursor is not a cursor this gateway gave out', 'invalid_cursor')
  try {
    return await bitcoinHistory(network, address, cursor || undefined)
  } catch (error) {
    if (error instanceof ChainReadError) throw new ApiError(502, 'chain_unavailable', error.message)
    throw badRequest(`params/account is not an address of ${network.caipNetworkId}`, 'invalid_address')
  }
}
