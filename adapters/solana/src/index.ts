/**
 * @portico/adapter-solana — the Solana chain adapter: Wallet Standard
 * discovery, SOL and SPL balances, message signing and transfers. The dev
 * wallet is in the `@portico/adapter-solana/dev-wallet` entry.
 */

export { type SolanaAdapterOptions, type SolanaTokenInfo, solanaAdapter } from './adapter/index.js'
export { isSolanaAddress } from './address/index.js'
export { toSolanaPorticoError, WALLET_STANDARD_ERROR_CODES } from './errors/index.js'
export {
  type SolanaStandardChain,
  solanaCaipNetworkId,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
  toStandardChain,
} from './networks/index.js'
export { formatUnits, parseUnits } from './units/index.js'
export { isSolanaWallet, walletConnectorId } from './wallets/index.js'
