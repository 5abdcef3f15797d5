export { type CheckoutWindow, OnrampController, type OnrampControllerOptions } from './controller.js'
export { type BuyTarget, buyTarget } from './wallet.js'
