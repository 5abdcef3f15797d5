/**
 * @portico/plugin-swap — token swaps for Portico over the gateway's convert
 * API, sent through the connected wallet. Views live in
 * `@portico/plugin-swap/react`.
 */
export * from './controller/index.js'
export { getSwapController, type SwapPluginOptions, swapPlugin } from './plugin.js'
