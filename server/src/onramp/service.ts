import type { OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import type { FastifyBaseLogger } from 'fastify'
import type { ChainRegistry, PriceSource } from '../chains/index.js'
import { ApiError } from '../http/errors.js'
import type { OnrampConfig } from './config.js'
import { CoinbaseProvider } from './providers/coinbase.js'
import { MeldProvider } from './providers/meld.js'
import { MoonPayProvider } from './providers/moonpay.js'
import { SandboxProvider } from './providers/sandbox.js'
import { TransakProvider } from './providers/transak.js'
import { type OnrampProvider, ProviderError } from './types.js'

/**
 * The providers the configuration turns on, in a fixed order: the sandbox
 * first (when enabled), then Coinbase, MoonPay, Transak and Meld (each only
 * when its keys are set).
 */
export function createProviders(
  config: OnrampConfig,
  chains: ChainRegistry,
  prices: PriceSource,
): OnrampProvider[] {
  const limits = config.paymentCurrencies
  const out: OnrampProvider[] = []
  if (config.sandbox.enabled) out.push(new SandboxProvider(config.sandbox, chains, prices, limits))
  if (config.coinbase) out.push(new CoinbaseProvider(config.coinbase, limits))
  if (config.moonpay) out.push(new MoonPayProvider(config.moonpay, limits))
  if (config.transak) out.push(new TransakProvider(config.transak, limits))
  if (config.meld) out.push(new MeldProvider(config.meld, limits))
  return out
}

/** What providers answer, merged for `GET /v1/onramp/options`. */
export interface MergedOptions extends OnrampOptionsResponse {
  providers: { id: string; name: string }[]
}

/** Looks providers up and merges their options; a provider that fails is left out and logged. */
export class OnrampService {
  constructor(
    readonly providers: readonly OnrampProvider[],
    readonly config: OnrampConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get sandbox(): SandboxProvider | undefined {
    return this.providers.find((p): p is SandboxProvider => p instanceof SandboxProvider)
  }

  /** The named provider, or the first one; 404 when none matches or none is configured (a deliberate 4xx: 5xx means a fault). */
  pick(id: string | undefined): OnrampProvider {
    if (this.providers.length === 0) {
      throw new ApiError(404, 'onramp_not_configured', 'No onramp provider is configured on this gateway')
    }
    if (id === undefined) return this.providers[0]!
    const p = this.providers.find((x) => x.id === id)
    if (!p) throw new ApiError(404, 'unknown_provider', `Onramp provider ${id} is not configured`)
    return p
  }

  async options(provider?: string): Promise<MergedOptions> {
    const list = provider === undefined ? this.providers : [this.pick(provider)]
    if (list.length === 0) this.pick(undefined)
    const answers = await Promise.allSettled(list.map((p) => p.options()))
    const ok: { provider: OnrampProvider; options: OnrampOptionsResponse }[] = []
    answers.forEach((a, i) => {
      if (a.status === 'fulfilled') ok.push({ provider: list[i]!, options: a.value })
      else this.log.warn({ err: a.reason, provider: list[i]!.id }, 'onramp provider options failed')
    })
    if (ok.length === 0) throw providerFailed(answers.map((a) => (a as PromiseRejectedResult).reason))
    const bySymbol = new Map<string, OnrampPurchaseCurrency>()
    for (const { options } of ok) {
      for (const c of options.purchaseCurrencies) {
        const key = c.symbol.toUpperCase()
        const seen = bySymbol.get(key)
        if (!seen) {
          bySymbol.set(key, { ...c, networks: [...c.networks] })
          continue
        }
        for (const n of c.networks) {
          if (!seen.networks.some((m) => m.chain_id === n.chain_id && m.name === n.name))
            seen.networks.push(n)
        }
      }
    }
    return {
      providers: ok.map(({ provider }) => ({ id: provider.id, name: provider.name })),
      purchaseCurrencies: [...bySymbol.values()],
      // One provider: its own limits; several: the gateway's, which it enforces for all of them.
      paymentCurrencies:
        ok.length === 1 && provider !== undefined
          ? ok[0]!.options.paymentCurrencies
          : this.config.paymentCurrencies.map((c) => ({
              id: c.id,
              payment_method_limits: c.payment_method_limits.map((l) => ({ ...l })),
            })),
    }
  }
}

/** A provider's failure as the visitor sees it: 502, with the provider named and no upstream text. */
export function providerFailed(error: unknown): ApiError {
  const e = Array.isArray(error) ? error[0] : error
  if (e instanceof ApiError) return e
  const name = e instanceof ProviderError ? e.provider : 'provider'
  return new ApiError(502, 'provider_error', `The onramp provider ${name} did not answer correctly`)
}
