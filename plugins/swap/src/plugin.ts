import { definePlugin, type Plugin, type Portico } from '@portico/core'
import { SwapController } from './controller/index.js'
import { porticoSwapWallet } from './controller/wallet.js'

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

const controllers = new WeakMap<Portico, SwapController>()

/**
 * The swap flow of an instance registered by `swapPlugin`, or undefined
 * (the views read it; hosts may drive it too).
 *
 * @example
 * const swap = getSwapController(portico)
 * await swap?.load()
 */
export function getSwapController(portico: Portico): SwapController | undefined {
  return controllers.get(portico)
}

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
      const controller = new SwapController({
        api: ctx.options.apiUrl ? ctx.api.blockchain : undefined,
        wallet: porticoSwapWallet(ctx.portico),
        getState: ctx.getState,
        refreshBalance: async () => {
          await ctx.portico.refreshBalance?.('eip155')
        },
        ...(options.slippage !== undefined ? { slippage: options.slippage } : {}),
        onWarning: (message, error) => ctx.logger.warn(message, error),
      })
      controllers.set(ctx.portico, controller)
      if (options.views !== false) {
        ctx.registerView('Swap', () => import('./react/Swap.js'))
        ctx.registerView('SwapSelectToken', () => import('./react/SwapSelectToken.js'))
        ctx.registerView('SwapPreview', () => import('./react/SwapPreview.js'))
        ctx.registerAccountAction({ id: 'swap', label: 'Swap', view: 'Swap' })
      }
      // Balances shown in the form follow the account's; another network reloads the token list.
      const unsubscribe = ctx.subscribe((state, previous) => {
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
        controllers.delete(ctx.portico)
      }
    },
  })
}
