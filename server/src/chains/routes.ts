import type { FungiblePriceResponse, SupportedChainsResponse } from '@portico/core'
import Type from 'typebox'
import type { SolanaNetworkConfig } from '../config/index.js'
import type { App } from '../http/app.js'
import { ApiError, badRequest } from '../http/errors.js'
import { BALANCE_ACCOUNT, CAIP2, sdkParams } from '../http/schemas.js'
import {
  type BalanceReader,
  type BalanceService,
  ChainReadError,
  type GatewayTokenBalance,
} from './balances.js'
import type { PriceLabel, PriceSource } from './prices.js'
import type { ChainRegistry } from './registry.js'
import { solanaToken } from './solana.js'

export interface ChainRoutesDeps {
  chains: ChainRegistry
  balances: BalanceService
  prices: PriceSource
  /** One reader per namespace (EVM first); supported-chains and balances go through them. */
  readers: readonly BalanceReader[]
  /** Solana networks, for fungible prices of SOL and SPL tokens. */
  solana?: readonly SolanaNetworkConfig[]
}

/** A priced fungible, labelled with where its price comes from (`demo` numbers are not market data). */
type Fungible = FungiblePriceResponse['fungibles'][number] & { priceSource: PriceLabel }

const CAIP10 = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$'

/** SPEC §7: supported chains, balances, fungible prices. */
export function registerChainRoutes(app: App, deps: ChainRoutesDeps) {
  app.get(
    '/v1/supported-chains',
    { config: { auth: 'project' }, schema: { querystring: Type.Object({ ...sdkParams }) } },
    async (): Promise<SupportedChainsResponse> => {
      const all = deps.readers.flatMap((r) => r.networks())
      return {
        http: all.map((c) => c.caipNetworkId as `${string}:${string}`),
        ws: all.filter((c) => c.hasWs).map((c) => c.caipNetworkId as `${string}:${string}`),
      }
    },
  )

  app.get(
    '/v1/account/:address/balance',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ address: Type.String({ pattern: BALANCE_ACCOUNT }) }),
        querystring: Type.Object({
          ...sdkParams,
          currency: Type.Optional(Type.Literal('usd')),
          chainId: Type.Optional(Type.String({ pattern: CAIP2 })),
          forceUpdate: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      },
    },
    async (request): Promise<{ balances: GatewayTokenBalance[] }> => {
      const parts = request.params.address.split(':')
      const raw = parts.length === 3 ? parts[2]! : parts[0]!
      const fromAccount = parts.length === 3 ? `${parts[0]}:${parts[1]}` : undefined
      const q = request.query
      const chainId = q.chainId ?? fromAccount
      // The namespace of the chain asked for; with none, the one whose address rule the address meets (EVM first).
      const reader = chainId
        ? deps.readers.find((r) => r.namespace === chainId.split(':')[0])
        : deps.readers.find((r) => r.normalizeAddress(raw) !== undefined)
      const chosen = chainId ? reader?.network(chainId) : undefined
      if (chainId && chosen === undefined) {
        throw badRequest(`Network ${chainId} is not supported by this gateway`, 'unsupported_chain')
      }
      const address = reader?.normalizeAddress(raw)
      if (!reader || address === undefined) {
        throw badRequest(
          `params/address is not ${reader ? `an address of ${reader.namespace}` : 'an address of a configured network'}`,
          'invalid_address',
        )
      }
      const targets = chosen ? [chosen] : (reader.networksFor?.(address) ?? reader.networks())
      if (chosen && reader.networksFor && !reader.networksFor(address).includes(chosen)) {
        throw badRequest(`params/address is not an address of ${chainId}`, 'invalid_address')
      }
      const force = q.forceUpdate !== undefined && q.forceUpdate !== '' && q.forceUpdate !== 'false'
      try {
        const lists = await Promise.all(
          targets.map((c) => deps.balances.get(c, address, q.currency ?? 'usd', force)),
        )
        return { balances: lists.flat() }
      } catch (error) {
        if (error instanceof ChainReadError) throw new ApiError(502, 'chain_unavailable', error.message)
        throw error
      }
    },
  )

  app.post(
    '/v1/fungible/price',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object({
          currency: Type.Literal('usd'),
          addresses: Type.Array(Type.String({ pattern: CAIP10 }), { maxItems: 100 }),
          projectId: Type.Optional(Type.String({ maxLength: 128 })),
        }),
      },
    },
    async (request): Promise<{ fungibles: Fungible[] }> => {
      const fungibles: Fungible[] = []
      const priceSource = deps.prices.kind
      for (const address of request.body.addresses) {
        const sol = address.startsWith('solana:') ? solanaToken(deps.solana ?? [], address) : undefined
        if (sol) {
          const price = deps.prices.price(request.body.currency, address)
          if (price === undefined) continue
          const entry: Fungible = { name: sol.name, symbol: sol.symbol, price, address, priceSource }
          if (sol.iconUrl) entry.iconUrl = sol.iconUrl
          fungibles.push(entry)
          continue
        }
        const found = deps.chains.token(address)
        if (!found) continue
        const t = found.token
        const symbol = t === 'native' ? found.chain.native.symbol : t.symbol
        const name = t === 'native' ? found.chain.native.name : (t.name ?? t.symbol)
        const price = deps.prices.price(request.body.currency, address)
        if (price === undefined) continue
        const entry: Fungible = { name, symbol, price, address, priceSource }
        if (t !== 'native' && t.iconUrl) entry.iconUrl = t.iconUrl
        fungibles.push(entry)
      }
      return { fungibles }
    },
  )
}
