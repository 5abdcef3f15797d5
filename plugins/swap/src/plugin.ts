import { definePlugin, type Plugin, type Portico } from '@portico/core'
import type { SwapController, SwapControllerOptions } from './controller/index.js'

declare module '@portico/core' {
  interface Views {
    Swap: undefined
    SwapSelectToken: { side: 'from' | 'to' }
    SwapPreview: undefined
  }
}

export interface SwapPluginOptions {
  /** Slippage tolerance in percent (default SPEC §9: 1). */
  slippage?: number
  /** Register the views and the Account action (default true; needs `@portico/react`). */
  views?: boolean
}

/**
 * What the plugin keeps per instance. The controller is made on first use
 * (`getSwapController` from `@portico/plugin-swap/controller`, called by the
 * lazy views), so the host's first load carries the registration only.
 */
export interface SwapRegistration {
  options: Omit<SwapControllerOptions, 'wallet'>
  controller: SwapController | undefined
}

/** @internal Per-instance registrations (read by `getSwapController`). */
export const registrations = new WeakMap<Portico, SwapRegistration>()

/**
 * Token swaps for Portico: quotes, approvals and swap transactions from the
 * gateway's convert API (SPEC §7), sent through whichever wallet is
 * connected. Registers the Swap, SwapSelectToken and SwapPreview views (lazy
 * chunks of `@portico/plugin-swap/react`) and a "Swap" action in Account.
 * A network without a DEX shows "Network not supported for Swaps".
 *
 * @example
 * createPortico({ adapters: [evmAdapter({ networks })], apiUrl, plugins: [swapPlugin()] })
 */
export function swapPlugin(options: SwapPluginOptions = {}): Plugin {
  return definePlugin({
    id: 'swap',
    setup(ctx) {
      const reg: SwapRegistration = {
        controller: undefined,
        options: {
          api: ctx.options.apiUrl ? ctx.api.blockchain : undefined,
          getState: ctx.getState,
          refreshBalance: async () => {
            await ctx.portico.refreshBalance?.('eip155')
          },
          ...(options.slippage !== undefined ? { slippage: options.slippage } : {}),
          onWarning: (message, error) => ctx.logger.warn(message, error),
        },
      }
      registrations.set(ctx.portico, reg)
      if (options.views !== false) {
        ctx.registerView('Swap', () => import('./react/Swap.js'))
        ctx.registerView('SwapSelectToken', () => import('./react/SwapSelectToken.js'))
        ctx.registerView('SwapPreview', () => import('./react/SwapPreview.js'))
        ctx.registerAccountAction({
          id: 'swap',
          label: 'Swap',
          labels: { es: 'Intercambiar', zh: '兑换', ja: 'スワップ', ar: 'مبادلة' },
          view: 'Swap',
          namespaces: ['eip155'],
        })
      }
      // Balances shown in the form follow the account's; another network reloads the token list.
      // Nothing to follow until the controller exists (first use).
      const unsubscribe = ctx.subscribe((state, previous) => {
        const controller = reg.controller
        if (!controller) return
        const a = state.accounts.eip155
        const b = previous.accounts.eip155
        if (state.networks.active.eip155 !== previous.networks.active.eip155 || a?.address !== b?.address) {
          if (controller.getState().status !== 'idle') void controller.load()
        } else if (a?.tokenBalance !== b?.tokenBalance || a?.balance !== b?.balance) {
          controller.syncBalances()
        }
      })
      return () => {
        unsubscribe()
        registrations.delete(ctx.portico)
      }
    },
  })
}
