export { ConnectedWallets } from './ConnectedWallets.js'
