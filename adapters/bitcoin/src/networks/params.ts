import type { Network as BitcoinJsNetwork } from 'bitcoinjs-lib'

// bitcoinjs-lib's three address families, written out so that reading an address or a network
// does not import bitcoinjs-lib (it stays in the PSBT and message chunks). The values are
// bitcoinjs-lib's own `networks` (a test compares them).

/** Address kinds of a network: bech32 HRP, base58 versions (what bitcoinjs-lib calls a network). */
export type BitcoinAddressParams = BitcoinJsNetwork

const MESSAGE_PREFIX = '\x18Bitcoin Signed Message:\n'
const TEST_BIP32 = { public: 0x043587cf, private: 0x04358394 }

export const BITCOIN_PARAMS: BitcoinAddressParams = {
  messagePrefix: MESSAGE_PREFIX,
  bech32: 'bc',
  bip32: { public: 0x0488b21e, private: 0x0488ade4 },
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  wif: 0x80,
}
export const TESTNET_PARAMS: BitcoinAddressParams = {
  messagePrefix: MESSAGE_PREFIX,
  bech32: 'tb',
  bip32: TEST_BIP32,
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
}
export const REGTEST_PARAMS: BitcoinAddressParams = { ...TESTNET_PARAMS, bech32: 'bcrt' }
