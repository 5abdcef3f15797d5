export { sendErrorText } from './messages.js'
export { type SendOption, sendOptions } from './tokens.js'
export { default } from './WalletSend.js'
