export { NftsPanel } from './NftsPanel.js'
