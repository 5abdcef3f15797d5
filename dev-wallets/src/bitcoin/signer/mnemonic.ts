/**
 * The Bitcoin dev mnemonic (the BIP-39 test vector of all-`abandon` words):
 * public knowledge, for the regtest devnet and the dev wallets only. Never
 * send real coins to its addresses.
 */
export const BITCOIN_DEV_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
