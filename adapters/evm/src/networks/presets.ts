import { defineEvmNetwork } from './networks.js'

// `@__PURE__`: a preset the app does not import is dropped by its bundler (the calls look effectful otherwise).

/** Ethereum mainnet. */
export const mainnet = /* @__PURE__ */ defineEvmNetwork({
  id: 1,
  name: 'Ethereum',
  rpcUrls: ['https://eth.merkle.io', 'https://cloudflare-eth.com'],
  explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
  imageId: 'eip155:1',
})

/** Sepolia testnet. */
export const sepolia = /* @__PURE__ */ defineEvmNetwork({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://sepolia.drpc.org'],
  explorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' },
  imageId: 'eip155:11155111',
  testnet: true,
})

/** OP Mainnet. */
export const optimism = /* @__PURE__ */ defineEvmNetwork({
  id: 10,
  name: 'OP Mainnet',
  rpcUrls: ['https://mainnet.optimism.io'],
  explorer: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  imageId: 'eip155:10',
  opStack: true,
})

/** Arbitrum One. */
export const arbitrum = /* @__PURE__ */ defineEvmNetwork({
  id: 42161,
  name: 'Arbitrum One',
  rpcUrls: ['https://arb1.arbitrum.io/rpc'],
  explorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
  imageId: 'eip155:42161',
})

/** Base. */
export const base = /* @__PURE__ */ defineEvmNetwork({
  id: 8453,
  name: 'Base',
  rpcUrls: ['https://mainnet.base.org'],
  explorer: { name: 'Basescan', url: 'https://basescan.org' },
  imageId: 'eip155:8453',
  opStack: true,
})

/** Polygon PoS. */
export const polygon = /* @__PURE__ */ defineEvmNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  explorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
  imageId: 'eip155:137',
})

/** zkSync Era. */
export const zksync = /* @__PURE__ */ defineEvmNetwork({
  id: 324,
  name: 'ZKsync Era',
  rpcUrls: ['https://mainnet.era.zksync.io'],
  explorer: { name: 'Etherscan', url: 'https://era.zksync.network' },
  imageId: 'eip155:324',
  multicall3: '0xF9cda624FBC7e059355ce98a31693d299FACd963',
})

/** Linea. */
export const linea = /* @__PURE__ */ defineEvmNetwork({
  id: 59144,
  name: 'Linea',
  rpcUrls: ['https://rpc.linea.build'],
  explorer: { name: 'Lineascan', url: 'https://lineascan.build' },
  imageId: 'eip155:59144',
})

/** Local anvil devnet, chain 31337 (`portico-devnet start`, default port 8545). */
export const anvil31337 = /* @__PURE__ */ defineEvmNetwork({
  id: 31337,
  name: 'Anvil 31337',
  rpcUrls: ['http://127.0.0.1:8545'],
  testnet: true,
})

/** Local anvil devnet, chain 31338 (`portico-devnet start`, default port 8546). */
export const anvil31338 = /* @__PURE__ */ defineEvmNetwork({
  id: 31338,
  name: 'Anvil 31338',
  rpcUrls: ['http://127.0.0.1:8546'],
  testnet: true,
})
