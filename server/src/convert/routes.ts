import {
  type GasPriceResponse,
  SWAP_SLIPPAGE_TOLERANCE,
  type SwapAllowanceResponse,
  type SwapTokensResponse,
} from '@portico/core'
import Type from 'typebox'
import { type Address, encodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem'
import type { ChainRegistry, PriceLabel, PriceSource } from '../chains/index.js'
import { NATIVE_TOKEN_ADDRESS } from '../chains/index.js'
import type { App } from '../http/app.js'
import { badRequest } from '../http/errors.js'
import { ACCOUNT, CAIP2, normalizeAccount, sdkParams } from '../http/schemas.js'
import {
  assumedSwapGas,
  chainRead,
  type DexService,
  gasPriceNotSupported,
  POOL_FEE_PER_MILLE,
  type SwapSide,
  swapNotSupported,
} from './dex.js'
import { readGasPrice } from './gas-price.js'

export interface ConvertRoutesDeps {
  chains: ChainRegistry
  dex: DexService
  prices: PriceSource
}

const CAIP10 = Type.String({ pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$' })
const AMOUNT = Type.String({ pattern: '^[0-9]{1,78}$' })
/**
 * Percent, e.g. "1" or "0.5"; at most 50. A JSON number is accepted too: AppKit's
 * `BlockchainApiController.generateSwapCalldata` sends its slippage constant as the number `1`.
 */
const SLIPPAGE = Type.Union([
  Type.String({ pattern: '^[0-9]{1,2}(\\.[0-9]{1,2})?$' }),
  Type.Number({ minimum: 0, maximum: 50 }),
])

/**
 * SPEC §7 `/v1/convert/*` over the configured Uniswap V2 routers, with the
 * answer shapes the incumbent's clients read (`quotes[].toAmount`,
 * `allowance`, `standard/fast/instant`, `tokens[]`, `tx.{to,data,value,eip155}`).
 */
export function registerConvertRoutes(app: App, deps: ConvertRoutesDeps) {
  const { dex } = deps

  app.get(
    '/v1/convert/tokens',
    {
      config: { auth: 'project' },
      schema: { querystring: Type.Object({ ...sdkParams, chainId: Type.String({ pattern: CAIP2 }) }) },
    },
    async (request): Promise<SwapTokensResponse> => {
      const chainId = request.query.chainId
      if (!chainId.startsWith('eip155:')) throw swapNotSupported()
      const d = await dex.dex(chainId)
      const { chain } = d
      const listed = await Promise.all(
        chain.tokens.map(async (t) => {
          const address = getAddress(t.address)
          // Listed when a pool connects it to WETH or to another configured token.
          const partners = [d.weth, ...chain.tokens.filter((o) => o !== t).map((o) => getAddress(o.address))]
          const pools = await Promise.all(partners.map((p) => dex.hasPair(d, address, p)))
          return pools.some(Boolean) ? t : undefined
        }),
      )
      const price = (caip10: string) => deps.prices.price('usd', caip10)
      const nativeId = `${chainId}:${NATIVE_TOKEN_ADDRESS}`
      const tokens: (SwapTokensResponse['tokens'][number] & { priceSource?: PriceLabel })[] = [
        {
          name: chain.native.name,
          symbol: chain.native.symbol,
          address: nativeId,
          decimals: chain.native.decimals,
          eip2612: false,
          ...priced(price(nativeId), deps.prices.kind),
        },
      ]
      for (const t of listed) {
        if (!t) continue
        const id = `${chainId}:${t.address.toLowerCase()}`
        tokens.push({
          name: t.name ?? t.symbol,
          symbol: t.symbol,
          address: id,
          decimals: t.decimals,
          eip2612: false,
          ...(t.iconUrl ? { logoUri: t.iconUrl } : {}),
          ...priced(price(id), deps.prices.kind),
        })
      }
      return { tokens }
    },
  )

  app.get(
    '/v1/convert/gas-price',
    {
      config: { auth: 'project' },
      schema: { querystring: Type.Object({ ...sdkParams, chainId: Type.String({ pattern: CAIP2 }) }) },
    },
    async (request): Promise<GasPriceResponse> => {
      const chain = deps.chains.get(request.query.chainId)
      if (!chain) throw gasPriceNotSupported()
      return await readGasPrice(chain)
    },
  )

  app.get(
    '/v1/convert/quotes',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          amount: AMOUNT,
          userAddress: Type.String({ pattern: ACCOUNT }),
          from: CAIP10,
          to: CAIP10,
          gasPrice: Type.Optional(AMOUNT),
        }),
      },
    },
    async (request) => {
      const q = request.query
      const { from, to, amount } = await pair(dex, q.from, q.to, q.amount)
      userOn(q.userAddress, from)
      const route = await dex.bestRoute(from, to, amount)
      if (!route) throw badRequest(`No pool connects ${q.from} and ${q.to}`, 'no_route')
      const hops = route.path.length - 1
      const gasLimit = assumedSwapGas(hops)
      const gasPrice =
        q.gasPrice !== undefined ? BigInt(q.gasPrice) : await chainRead(from.dex.chain.client.getGasPrice())
      const native = `${from.dex.chain.caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`
      const tokenId = (address: Address, i: number) =>
        (i === 0 && from.address === 'native') || (i === hops && to.address === 'native')
          ? native
          : `${from.dex.chain.caipNetworkId}:${address.toLowerCase()}`
      return {
        quotes: [
          {
            id: `uniswap-v2:${route.path.map((p) => p.toLowerCase()).join('>')}`,
            fromAmount: amount.toString(),
            fromAccount: from.caip10,
            toAmount: route.amounts.at(-1)!.toString(),
            toAccount: to.caip10,
            path: route.path.map(tokenId),
            // What each pool keeps, in the token entering it; and the network fee at the assumed gas.
            fees: [
              ...route.path.slice(0, -1).map((p, i) => ({
                kind: 'pool',
                token: tokenId(p, i),
                amount: ((route.amounts[i]! * POOL_FEE_PER_MILLE) / 1000n).toString(),
                percent: '0.3',
              })),
              {
                kind: 'network',
                token: native,
                amount: (gasLimit * gasPrice).toString(),
                gasLimit: gasLimit.toString(),
                gasPrice: gasPrice.toString(),
              },
            ],
          },
        ],
      }
    },
  )

  app.get(
    '/v1/convert/allowance',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          tokenAddress: CAIP10,
          userAddress: Type.String({ pattern: ACCOUNT }),
        }),
      },
    },
    async (request): Promise<SwapAllowanceResponse> => {
      const side = await dex.side(request.query.tokenAddress, 'querystring/tokenAddress')
      const owner = userOn(request.query.userAddress, side)
      return { allowance: (await dex.allowance(side, owner)).toString() }
    },
  )

  app.get(
    '/v1/convert/build-approve',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({
          ...sdkParams,
          userAddress: Type.String({ pattern: ACCOUNT }),
          from: CAIP10,
          to: CAIP10,
          /** Portico extension: approve exactly this much (integer units); unlimited without it. */
          amount: Type.Optional(AMOUNT),
        }),
      },
    },
    async (request) => {
      const q = request.query
      const from = await dex.side(q.from, 'querystring/from')
      await dex.side(q.to, 'querystring/to')
      const owner = userOn(q.userAddress, from)
      if (from.address === 'native')
        throw badRequest('The native currency needs no approval', 'no_approval_needed')
      const value = q.amount !== undefined ? uint(q.amount, 'querystring/amount') : maxUint256
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [from.dex.router, value],
      })
      const [gas, gasPrice] = await Promise.all([
        dex.estimateGas(from.dex, { account: owner, to: from.address, data, value: 0n }),
        chainRead(from.dex.chain.client.getGasPrice()),
      ])
      return {
        tx: {
          // The incumbent's clients send approvals to `tx.from`: both name the token contract.
          from: from.caip10,
          to: from.caip10,
          data,
          value: '0',
          amount: '0',
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
      }
    },
  )

  app.post(
    '/v1/convert/build-transaction',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object({
          amount: AMOUNT,
          eip155: Type.Optional(Type.Object({ slippage: SLIPPAGE, permit: Type.Optional(Type.String()) })),
          projectId: Type.Optional(Type.String({ maxLength: 128 })),
          from: CAIP10,
          to: CAIP10,
          userAddress: Type.String({ pattern: ACCOUNT }),
          disableEstimate: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request) => {
      const b = request.body
      const { from, to, amount } = await pair(dex, b.from, b.to, b.amount, 'body')
      const user = userOn(b.userAddress, from)
      const slippage = Number(b.eip155?.slippage ?? SWAP_SLIPPAGE_TOLERANCE)
      if (slippage > 50)
        throw badRequest('body/eip155/slippage must be at most 50 (percent)', 'invalid_slippage')
      // Basis points are the finest step: a number such as 0.123 is refused, as the string form is.
      if (Math.abs(slippage * 100 - Math.round(slippage * 100)) > 1e-9)
        throw badRequest('body/eip155/slippage must have at most 2 decimals (percent)', 'invalid_slippage')
      const route = await dex.bestRoute(from, to, amount)
      if (!route) throw badRequest(`No pool connects ${b.from} and ${b.to}`, 'no_route')
      const toAmount = route.amounts.at(-1)!
      // Basis points, so "0.5" and "1" are exact.
      const amountOutMin = (toAmount * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n
      const call = await dex.swapCall(from, to, route, amountOutMin, user)
      const [gas, gasPrice] = await Promise.all([
        b.disableEstimate
          ? Promise.resolve(assumedSwapGas(route.path.length - 1))
          : dex.estimateGas(
              from.dex,
              {
                account: user,
                to: from.dex.router,
                data: call.data,
                value: call.value,
              },
              route.path.length - 1,
            ),
        chainRead(from.dex.chain.client.getGasPrice()),
      ])
      const value = call.value.toString()
      return {
        tx: {
          from: `${from.dex.chain.caipNetworkId}:${user}`,
          to: `${from.dex.chain.caipNetworkId}:${from.dex.router.toLowerCase()}`,
          data: call.data,
          amount: value,
          value,
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
        toAmount: toAmount.toString(),
        toAmountMin: amountOutMin.toString(),
        deadline: call.deadline.toString(),
      }
    },
  )
}

/** A known price, labelled with where it comes from (`demo` numbers are not market data), as balances are. */
function priced(price: number | undefined, source: PriceLabel): { price?: number; priceSource?: PriceLabel } {
  return price === undefined ? {} : { price, priceSource: source }
}

function uint(value: string, field: string): bigint {
  const n = BigInt(value)
  if (n > maxUint256) throw badRequest(`${field} is larger than uint256`, 'invalid_amount')
  return n
}

async function pair(
  dex: DexService,
  fromId: string,
  toId: string,
  amountText: string,
  where = 'querystring',
) {
  const from = await dex.side(fromId, `${where}/from`)
  const to = await dex.side(toId, `${where}/to`)
  if (from.dex.chain.caipNetworkId !== to.dex.chain.caipNetworkId) {
    throw badRequest(`${where}/from and ${where}/to are on different networks`, 'cross_chain')
  }
  if (from.caip10 === to.caip10)
    throw badRequest(`${where}/from and ${where}/to are the same token`, 'same_token')
  const amount = uint(amountText, `${where}/amount`)
  if (amount === 0n) throw badRequest(`${where}/amount must be greater than 0`, 'invalid_amount')
  return { from, to, amount }
}

/** The user's address; a CAIP-10 user on another chain than the tokens is refused. */
function userOn(userAddress: string, side: SwapSide): Address {
  const { address, chain } = normalizeAccount(userAddress)
  if (chain && chain !== side.dex.chain.caipNetworkId) {
    throw badRequest(
      `userAddress is on ${chain}, the tokens on ${side.dex.chain.caipNetworkId}`,
      'cross_chain',
    )
  }
  return getAddress(address)
}
