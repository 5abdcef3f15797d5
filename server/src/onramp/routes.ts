import type { HistoryItem, HistoryResponse } from '@portico/core'
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import { normalizeAccount, sdkParams } from '../http/schemas.js'
import { checkLimits, FIAT_AMOUNT } from './money.js'
import { type OnrampOrder, OrderStore } from './orders.js'
import { type OnrampService, providerFailed } from './service.js'

const PROVIDER = Type.String({ pattern: '^[a-z0-9_-]{1,32}$' })
const METHOD = Type.String({ pattern: '^[a-z_]{1,40}$' })
/** A currency as an id / symbol string, or the SPEC §3 object the core sends (its `symbol` / `id` are read). */
const CURRENCY = Type.Union([
  Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
  Type.Object({
    id: Type.String({ maxLength: 128 }),
    symbol: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' })),
  }),
])
const EVM = '^0x[0-9a-fA-F]{40}$'
const SOLANA = '^[1-9A-HJ-NP-Za-km-z]{32,44}$'

const currencyCode = (c: string | { id: string; symbol?: string }, field: 'symbol' | 'id') =>
  typeof c === 'string' ? c : field === 'symbol' ? (c.symbol ?? c.id) : c.id

/** An order as the checkout page and the plugin see it. */
export function publicOrder(o: OnrampOrder) {
  return {
    id: o.id,
    provider: o.provider,
    status: o.status,
    stage: o.stage,
    account: o.account,
    chain: o.chain,
    asset: o.asset,
    paymentCurrency: o.paymentCurrency,
    paymentMethod: o.paymentMethod,
    paymentAmount: o.paymentAmount,
    purchaseAmount: o.purchaseAmount,
    txHash: o.txHash,
    failureReason: o.failureReason,
    created: new Date(o.created).toISOString(),
    updated: new Date(o.updated).toISOString(),
  }
}

/** The origin the caller reached the gateway at, or the configured public URL. */
export function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '')
  return `${request.protocol}://${request.host}`
}

/**
 * SPEC §7 onramp calls: `GET /v1/onramp/options`, `POST /v1/onramp/quote`,
 * `POST /v1/generators/onrampurl`, plus `GET /v1/onramp/orders/{id}` and the
 * onramp items of `/v1/account/{account}/history?onramp=<provider|all>`.
 * Payment limits (SPEC §5) are enforced here before any provider is asked.
 */
export function registerOnrampRoutes(app: App, onramp: OnrampService, orders: OrderStore) {
  app.get(
    '/v1/onramp/options',
    {
      config: { auth: 'project' },
      schema: { querystring: Type.Object({ ...sdkParams, provider: Type.Optional(PROVIDER) }) },
    },
    async (request) => {
      try {
        return await onramp.options(request.query.provider)
      } catch (error) {
        throw providerFailed(error)
      }
    },
  )

  app.post(
    '/v1/onramp/quote',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object(sdkParams),
        body: Type.Object({
          purchaseCurrency: CURRENCY,
          paymentCurrency: CURRENCY,
          amount: Type.String({ pattern: FIAT_AMOUNT }),
          network: Type.Optional(Type.String({ maxLength: 64 })),
          provider: Type.Optional(PROVIDER),
          paymentMethod: Type.Optional(METHOD),
          projectId: Type.Optional(Type.String({ maxLength: 128 })),
        }),
      },
    },
    async (request) => {
      const b = request.body
      const provider = onramp.pick(b.provider)
      const paymentCurrency = currencyCode(b.paymentCurrency, 'id').toUpperCase()
      const paymentMethod = b.paymentMethod ?? 'card'
      checkLimits(provider.paymentLimits(), paymentCurrency, paymentMethod, b.amount)
      const purchaseCurrency = currencyCode(b.purchaseCurrency, 'symbol')
      // AppKit's OnRampController.getQuote sends the purchase currency's symbol as `network`: that names
      // no network, so it is read as "the asset's own network", like no network at all.
      const network = b.network?.toUpperCase() === purchaseCurrency.toUpperCase() ? undefined : b.network
      try {
        const quote = await provider.quote({
          purchaseCurrency,
          paymentCurrency,
          paymentMethod,
          amount: b.amount,
          ...(network ? { network } : {}),
        })
        return { ...quote, provider: provider.id }
      } catch (error) {
        if (!(error instanceof ApiError)) request.log.warn({ err: error }, 'onramp quote failed')
        throw providerFailed(error)
      }
    },
  )

  app.post(
    '/v1/generators/onrampurl',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object(sdkParams),
        body: Type.Object({
          destinationWallets: Type.Array(
            Type.Object({
              address: Type.String({ pattern: `(${EVM})|(${SOLANA})` }),
              blockchains: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 10 })),
              assets: Type.Optional(
                Type.Array(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), { maxItems: 10 }),
              ),
            }),
            { minItems: 1, maxItems: 1 },
          ),
          defaultNetwork: Type.Optional(Type.String({ maxLength: 64 })),
          partnerUserId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
          defaultExperience: Type.Optional(Type.Literal('buy')),
          presetCryptoAmount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
          presetFiatAmount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
          provider: Type.Optional(PROVIDER),
          paymentCurrency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
          paymentMethod: Type.Optional(METHOD),
          projectId: Type.Optional(Type.String({ maxLength: 128 })),
        }),
      },
    },
    async (request) => {
      const b = request.body
      const provider = onramp.pick(b.provider)
      const wallet = b.destinationWallets[0]!
      const paymentCurrency = (b.paymentCurrency ?? 'USD').toUpperCase()
      const paymentMethod = b.paymentMethod ?? 'card'
      let fiat: string | undefined
      if (b.presetFiatAmount !== undefined) {
        if (Math.abs(Math.round(b.presetFiatAmount * 100) - b.presetFiatAmount * 100) > 1e-6) {
          throw badRequest('presetFiatAmount has more than 2 decimals')
        }
        fiat = b.presetFiatAmount.toFixed(2)
        checkLimits(provider.paymentLimits(), paymentCurrency, paymentMethod, fiat)
      }
      const sandbox = onramp.sandbox
      const isSandbox = provider === sandbox
      if (isSandbox) {
        if (!new RegExp(EVM).test(wallet.address)) {
          throw badRequest('The sandbox funds EVM addresses only', 'unsupported_address')
        }
        sandbox.checkNetwork(b.defaultNetwork ?? wallet.blockchains?.[0])
        // AppKit's onramp view asks by crypto amount (presetCryptoAmount): the sandbox prices it in fiat.
        if (fiat === undefined && b.presetCryptoAmount !== undefined) {
          fiat = sandbox.fiatFor(wallet.assets?.[0] ?? 'USDC', b.presetCryptoAmount, paymentCurrency)
          checkLimits(provider.paymentLimits(), paymentCurrency, paymentMethod, fiat)
        }
        if (fiat === undefined)
          throw badRequest('The sandbox needs presetFiatAmount or presetCryptoAmount', 'amount_required')
      }
      const asset = wallet.assets?.[0] ?? 'USDC'
      let purchaseAmount: string | null =
        b.presetCryptoAmount !== undefined ? String(b.presetCryptoAmount) : null
      if (isSandbox && fiat !== undefined) {
        // The sandbox sells at its own quote: the order records what the wallet will receive.
        sandbox.asset(asset)
        const quote = await sandbox.quote({
          purchaseCurrency: asset,
          paymentCurrency,
          paymentMethod,
          amount: fiat,
        })
        purchaseAmount = quote.purchaseAmount.amount
      }
      const order = await orders.create(
        {
          id: OrderStore.newId(),
          provider: provider.id,
          projectId: request.project?.id ?? '',
          partnerUserId: b.partnerUserId,
          account: wallet.address.startsWith('0x') ? wallet.address.toLowerCase() : wallet.address,
          chain: isSandbox
            ? sandbox.chain.caipNetworkId
            : (b.defaultNetwork ?? wallet.blockchains?.[0] ?? ''),
          asset: asset.toUpperCase(),
          paymentCurrency,
          paymentMethod,
          paymentAmount: fiat ?? null,
          purchaseAmount,
        },
        // A real provider's order is polled for its status until it is final (the webhooks' fallback).
        provider.poll?.enabled && provider.status ? { firstPollMs: provider.poll.intervalMs } : {},
      )
      let url: string
      try {
        url = await provider.url({
          orderId: order.id,
          address: wallet.address,
          blockchains: wallet.blockchains ?? [],
          asset,
          paymentCurrency,
          paymentMethod,
          partnerUserId: b.partnerUserId,
          origin: originOf(request, onramp.config.publicUrl),
          ...(fiat ? { presetFiatAmount: fiat } : {}),
          ...(b.presetCryptoAmount !== undefined ? { presetCryptoAmount: String(b.presetCryptoAmount) } : {}),
          ...(b.defaultNetwork ? { defaultNetwork: b.defaultNetwork } : {}),
        })
      } catch (error) {
        await orders.advance(order.id, 'checkout', {
          status: 'failed',
          stage: 'done',
          failureReason: 'The provider could not open a checkout',
        })
        if (!(error instanceof ApiError)) request.log.warn({ err: error }, 'onramp url failed')
        throw providerFailed(error)
      }
      return { url, orderId: order.id, provider: provider.id }
    },
  )

  app.get(
    '/v1/onramp/orders/:id',
    {
      config: { auth: 'project' },
      schema: {
        params: Type.Object({ id: Type.String({ pattern: '^ord_[0-9a-f]{32}$' }) }),
        querystring: Type.Object(sdkParams),
      },
    },
    async (request) => {
      const order = await orders.get(request.params.id)
      // Another project's order is answered as unknown: order ids do not cross projects.
      if (!order || order.projectId !== request.project!.id)
        throw notFound('No such onramp order', 'order_not_found')
      return publicOrder(order)
    },
  )

  // History with `onramp=<provider|all>`: the account's onramp orders join the
  // first page (newest first); an indexed transfer of a completed order is
  // shown once, as the onramp item.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/v1/account/:account/history' || reply.statusCode !== 200)
      return payload
    const q = request.query as { onramp?: string; cursor?: string }
    if (!q.onramp || q.cursor) return payload
    const { address } = normalizeAccount((request.params as { account: string }).account)
    const list = await orders.forAccount(
      request.project!.id,
      address,
      q.onramp === 'all' ? undefined : q.onramp,
    )
    if (list.length === 0) return payload
    const page = payload as HistoryResponse
    const items = list.map(historyItem)
    const hashes = new Set(items.map((i) => i.metadata.hash).filter(Boolean))
    const data = [...items, ...page.data.filter((i) => !hashes.has(i.metadata.hash))]
    data.sort((a, b) => b.metadata.minedAt.localeCompare(a.metadata.minedAt))
    return { ...page, data }
  })
}

/** An onramp order as an SPEC §3 history item (`metadata.onramp` carries the order). */
export function historyItem(o: OnrampOrder): HistoryItem {
  const status = o.status === 'completed' ? 'confirmed' : o.status
  return {
    id: `onramp:${o.id}`,
    metadata: {
      minedAt: new Date(o.updated).toISOString(),
      chain: (o.chain || 'eip155:0') as `${string}:${string}`,
      hash: o.txHash ?? '',
      sentFrom: '',
      sentTo: o.account,
      status,
      operationType: 'receive',
      onramp: {
        orderId: o.id,
        provider: o.provider,
        status: o.status,
        paymentAmount: o.paymentAmount,
        paymentCurrency: o.paymentCurrency,
        purchaseAmount: o.purchaseAmount,
        purchaseCurrency: o.asset,
        failureReason: o.failureReason,
      },
    },
    transfers:
      o.purchaseAmount !== null
        ? [
            {
              direction: 'in',
              quantity: { numeric: o.purchaseAmount },
              fungible_info: { name: o.asset, symbol: o.asset },
            },
          ]
        : [],
  }
}
