import { randomBytes } from 'node:crypto'
import type { OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Chain, ChainRegistry, PriceSource } from '../../chains/index.js'
import { isDevnetNetwork } from '../../config/schema.js'
import { badRequest } from '../../http/errors.js'
import type { PaymentCurrencyConfig, SandboxConfig } from '../config.js'
import { divide, fromCents, toCents } from '../money.js'
import type { OnrampProvider, ProviderQuote, QuoteInput, UrlInput } from '../types.js'

interface SandboxAsset {
  symbol: string
  name: string
  decimals: number
  /** ERC-20 address, or undefined for the native currency. */
  token?: Address
}

/** Network name as the options list it: the configured name, slugged (`Devnet 31337` → `devnet-31337`). */
export function networkSlug(chain: Chain): string {
  const name = chain.config.name ?? chain.caipNetworkId
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The sandbox provider: sells the configured assets of one EVM network,
 * quotes with the configured fees and the gateway's price table, and pays
 * out from a treasury key on that network (a real transfer: on the devnet
 * the wallet's balance really rises). Its checkout page is served by the
 * gateway itself (`checkout.ts`).
 */
export class SandboxProvider implements OnrampProvider {
  readonly id = 'sandbox'
  readonly name = 'Sandbox'
  readonly chain: Chain
  readonly assets: SandboxAsset[]
  readonly #wallet
  readonly #reader

  constructor(
    readonly config: SandboxConfig,
    chains: ChainRegistry,
    private readonly prices: PriceSource,
    private readonly paymentCurrencies: readonly PaymentCurrencyConfig[],
  ) {
    const chain = config.network ? chains.get(config.network) : chains.all()[0]
    if (!chain)
      throw new Error(`onramp sandbox: network ${config.network ?? '(any EVM network)'} is not configured`)
    if (!config.treasuryPrivateKey) throw new Error('onramp sandbox: treasuryPrivateKey is not set')
    // A treasury key pays out here: never on a real chain (loadConfig refuses it first, with a ConfigError).
    if (!isDevnetNetwork(chain.config))
      throw new Error(
        `onramp sandbox: refuses to start on ${chain.caipNetworkId}, which is not a devnet network`,
      )
    this.chain = chain
    this.assets = config.assets.map((symbol) => {
      if (symbol.toUpperCase() === chain.native.symbol.toUpperCase()) return { ...chain.native }
      const token = chain.tokens.find((t) => t.symbol.toUpperCase() === symbol.toUpperCase())
      if (!token) throw new Error(`onramp sandbox: ${symbol} is not a token of ${chain.caipNetworkId}`)
      return {
        symbol: token.symbol,
        name: token.name ?? token.symbol,
        decimals: token.decimals,
        token: token.address as Address,
      }
    })
    const viemChain = defineChain({
      id: chain.chainId,
      name: chain.config.name ?? chain.caipNetworkId,
      nativeCurrency: chain.native,
      rpcUrls: { default: { http: [chain.config.rpcUrl] } },
    })
    this.#wallet = createWalletClient({
      account: privateKeyToAccount(config.treasuryPrivateKey as Hex),
      chain: viemChain,
      transport: http(chain.config.rpcUrl, { timeout: 10_000 }),
    })
    this.#reader = createPublicClient({
      chain: viemChain,
      transport: http(chain.config.rpcUrl, { timeout: 10_000 }),
      pollingInterval: 200,
    })
  }

  paymentLimits(): readonly PaymentCurrencyConfig[] {
    return this.config.paymentCurrencies ?? this.paymentCurrencies
  }

  async options(): Promise<OnrampOptionsResponse> {
    const network = {
      name: networkSlug(this.chain),
      display_name: this.chain.config.name ?? this.chain.caipNetworkId,
      chain_id: String(this.chain.chainId),
    }
    const purchaseCurrencies: OnrampPurchaseCurrency[] = this.assets.map((a) => ({
      id: `${this.chain.caipNetworkId}:${a.token ?? 'native'}`.toLowerCase(),
      name: a.name,
      symbol: a.symbol,
      networks: [{ ...network, contract_address: a.token ?? '' }],
    }))
    return {
      purchaseCurrencies,
      paymentCurrencies: this.paymentLimits().map((c) => ({
        id: c.id,
        payment_method_limits: c.payment_method_limits.map((l) => ({ ...l })),
      })),
    }
  }

  asset(symbol: string): SandboxAsset {
    const asset = this.assets.find((a) => a.symbol.toUpperCase() === symbol.toUpperCase())
    if (!asset) throw badRequest(`The sandbox does not sell ${symbol}`, 'unsupported_purchase_currency')
    return asset
  }

  /** Checks that a `network` argument names this provider's network (by name, chain id or CAIP-2 id). */
  checkNetwork(network: string | undefined): void {
    if (network === undefined || network === '') return
    const ok = [networkSlug(this.chain), String(this.chain.chainId), this.chain.caipNetworkId]
    if (!ok.includes(network)) {
      throw badRequest(`The sandbox does not sell on network ${network}`, 'unsupported_network')
    }
  }

  async quote(input: QuoteInput): Promise<ProviderQuote> {
    this.checkNetwork(input.network)
    const asset = this.asset(input.purchaseCurrency)
    const total = toCents(input.amount)
    const fees = this.config.fees
    // Fee in cents, rounded up: the visitor never pays less than the configured rate.
    const percentCents = (total * BigInt(Math.round(fees.percent * 100)) + 9_999n) / 10_000n
    const fee = percentCents + toCents(fees.fixed)
    const network = toCents(fees.network)
    const subtotal = total - fee - network
    if (subtotal <= 0n) throw badRequest('The amount does not cover the fees', 'amount_below_fees')
    const price = this.prices.price(
      input.paymentCurrency.toLowerCase(),
      `${this.chain.caipNetworkId}:${asset.token ?? 'native'}`,
    )
    if (price === undefined || price <= 0) {
      throw badRequest(`No ${input.paymentCurrency} price for ${asset.symbol}`, 'no_price')
    }
    const currency = input.paymentCurrency.toUpperCase()
    return {
      coinbaseFee: { amount: fromCents(fee), currency },
      networkFee: { amount: fromCents(network), currency },
      paymentSubtotal: { amount: fromCents(subtotal), currency },
      paymentTotal: { amount: fromCents(total), currency },
      purchaseAmount: {
        amount: divide(subtotal, price, Math.min(asset.decimals, 8)),
        currency: asset.symbol,
      },
      quoteId: `sbx_${randomBytes(8).toString('hex')}`,
    }
  }

  /**
   * The payment total (fiat, 2 decimals) that buys at least `cryptoAmount` of `symbol` at this sandbox's
   * price and fees: what a client asking by crypto amount (AppKit's `presetCryptoAmount`) pays.
   */
  fiatFor(symbol: string, cryptoAmount: number, paymentCurrency: string): string {
    const asset = this.asset(symbol)
    const price = this.prices.price(
      paymentCurrency.toLowerCase(),
      `${this.chain.caipNetworkId}:${asset.token ?? 'native'}`,
    )
    if (price === undefined || price <= 0) {
      throw badRequest(`No ${paymentCurrency} price for ${asset.symbol}`, 'no_price')
    }
    const fees = this.config.fees
    const subtotal = BigInt(Math.ceil(cryptoAmount * price * 100))
    const percentBp = BigInt(Math.round(fees.percent * 100))
    const base = subtotal + toCents(fees.fixed) + toCents(fees.network)
    // total − ceil(total × percent) ≥ base, so the quote's subtotal covers the asked amount.
    let total = (base * 10_000n + (10_000n - percentBp) - 1n) / (10_000n - percentBp)
    while (
      total - (total * percentBp + 9_999n) / 10_000n - toCents(fees.fixed) - toCents(fees.network) <
      subtotal
    )
      total++
    return fromCents(total)
  }

  async url(input: UrlInput): Promise<string> {
    return `${input.origin}/onramp/sandbox/checkout/${input.orderId}`
  }

  /** The treasury's address (the payouts' sender). */
  get treasury(): Address {
    return this.#wallet.account.address
  }

  /** The treasury's next nonce as the node counts it (pending transactions included). */
  async chainNonce(): Promise<number> {
    return this.#reader.getTransactionCount({ address: this.treasury, blockTag: 'pending' })
  }

  /**
   * Signs (without sending) the transfer of `amount` of `symbol` to `to` with this nonce: the
   * settlement job records it before it is sent, so whoever resumes the job sends this very
   * transfer and never a second one.
   */
  async signTransfer(
    to: Address,
    symbol: string,
    amount: string,
    nonce: number,
  ): Promise<{ raw: Hex; hash: Hex }> {
    const asset = this.asset(symbol)
    const value = parseUnits(amount, asset.decimals)
    const request = await this.#wallet.prepareTransactionRequest(
      asset.token
        ? {
            to: asset.token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
            nonce,
          }
        : { to, value, nonce },
    )
    const raw = await this.#wallet.signTransaction(request)
    return { raw, hash: keccak256(raw) }
  }

  /** Sends a signed transfer; a node that already has it (or has mined it) is not an error here. */
  async broadcast(raw: Hex): Promise<void> {
    await this.#wallet.sendRawTransaction({ serializedTransaction: raw })
  }

  /** The transfer's receipt within `timeoutMs`: true when it succeeded, false when it reverted. */
  async settled(hash: Hex, timeoutMs = 60_000): Promise<boolean> {
    const receipt = await this.#reader.waitForTransactionReceipt({ hash, timeout: timeoutMs })
    return receipt.status === 'success'
  }

  /** Whether the node has a receipt for the transfer yet (undefined: not mined). */
  async receipt(hash: Hex): Promise<boolean | undefined> {
    try {
      const r = await this.#reader.getTransactionReceipt({ hash })
      return r.status === 'success'
    } catch (error) {
      if ((error as { name?: string }).name === 'TransactionReceiptNotFoundError') return undefined
      throw error
    }
  }
}
