import { definePlugin, type Plugin, type Portico } from '@portico/core'
import type { OnrampController, OnrampControllerOptions } from './controller/index.js'

declare module '@portico/core' {
  interface Views {
    /** Pick currency, amount and payment method; providers with their quotes. */
    OnRampProviders: undefined
    /** The buy being followed: waiting for the checkout, then success or failure. */
    BuyInProgress: undefined
  }
}

export interface OnrampPluginOptions {
  /** Register the views and the Account "Buy" action (default true; needs `@portico/react`). */
  views?: boolean
  /** How often a buy in progress is polled, in ms (default 2000). */
  pollIntervalMs?: number
  /** Label of the Account action (default "Buy"). */
  actionLabel?: string
}

/**
 * What the plugin keeps per instance. The controller is made on first use
 * (`getOnramp`, from the lazy views), so the host's first load carries the
 * registration only.
 */
export interface OnrampRegistration {
  options: OnrampControllerOptions
  controller: OnrampController | undefined
}

/** @internal Per-instance registrations (read by `getOnramp`). */
export const registrations = new WeakMap<Portico, OnrampRegistration>()

/**
 * Buy crypto with a card or bank through the gateway's onramp calls (SPEC
 * §7): a "Buy" action in Account, the OnRampProviders view (currency, amount
 * within the SPEC §5 limits, one quote per provider) and BuyInProgress (the
 * checkout opened in a new window, the order polled until it completes or
 * fails). Views are lazy chunks of `@portico/plugin-onramp/react`. The
 * onramp state resets (no provider, USDC, USD) when the modal closes and on
 * disconnect.
 *
 * @example
 * createPortico({ apiUrl, adapters: [evmAdapter({ networks })], plugins: [onrampPlugin()] })
 */
export function onrampPlugin(options: OnrampPluginOptions = {}): Plugin {
  return definePlugin({
    id: 'onramp',
    setup(ctx) {
      const api = ctx.api.blockchain
      let gatewayOrigin: string | undefined
      try {
        gatewayOrigin = ctx.options.apiUrl ? new URL(ctx.options.apiUrl).origin : undefined
      } catch {
        gatewayOrigin = undefined
      }
      const reg: OnrampRegistration = {
        controller: undefined,
        options: {
          api: {
            getTransactionHistory: (p) => api.getTransactionHistory(p),
            getOnrampOptions: () => (api.getOnrampOptions ? api.getOnrampOptions() : unsupported()),
            getOnrampQuote: (p) => (api.getOnrampQuote ? api.getOnrampQuote(p) : unsupported()),
            generateOnrampUrl: (p) => (api.generateOnrampUrl ? api.generateOnrampUrl(p) : unsupported()),
          },
          getState: () => ctx.getState(),
          ...(gatewayOrigin ? { gatewayOrigin } : {}),
          refreshBalance: () => ctx.portico.refreshBalance?.() ?? Promise.resolve(),
          // Read at call time: the instance's own follow (shared per hash with every other view).
          waitForTransaction: (params) => ctx.portico.waitForTransaction(params),
          ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
          logger: ctx.logger,
        },
      }
      registrations.set(ctx.portico, reg)
      if (options.views !== false) {
        ctx.registerView('OnRampProviders', () => import('./react/OnRampProviders.js'))
        ctx.registerView('BuyInProgress', () => import('./react/BuyInProgress.js'))
        ctx.registerAccountAction({
          id: 'onramp',
          label: options.actionLabel ?? 'Buy',
          // A host's own label is its own text; the default one is translated.
          ...(options.actionLabel ? {} : { labels: { es: 'Comprar', zh: '购买', ja: '購入', ar: 'شراء' } }),
          view: 'OnRampProviders',
        })
      }
      // Activity lists the account's purchases as onramp items (`?onramp=all` on the history call).
      ctx.setActivityQuery?.({ onramp: 'all' })
      const reset = () => reg.controller?.reset()
      ctx.events.on('MODAL_CLOSE', reset)
      ctx.events.on('DISCONNECT_SUCCESS', reset)
      return () => {
        ctx.events.off('MODAL_CLOSE', reset)
        ctx.events.off('DISCONNECT_SUCCESS', reset)
        reg.controller?.destroy()
        registrations.delete(ctx.portico)
      }
    },
  })
}

function unsupported(): never {
  throw new Error('This Portico API client has no onramp calls (set apiUrl to a Portico gateway)')
}
