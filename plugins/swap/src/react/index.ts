/**
 * @portico/plugin-swap/react — the swap views for @portico/react.
 * `swapPlugin()` registers them as lazy chunks; they are exported here too
 * for hosts that compose their own UI.
 */

export { default as SwapView } from './Swap.js'
export { default as SwapPreviewView } from './SwapPreview.js'
export { default as SwapSelectTokenView } from './SwapSelectToken.js'
export { TokenIcon, tokenAmount, useSwap } from './shared.js'
