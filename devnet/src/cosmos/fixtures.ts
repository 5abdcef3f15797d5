import type { FeeMarketSpec } from './feemarket.js'

/** One coin kind on a simulated chain, with what wallets show for it. */
export interface CosmosDenom {
  /** Base (on-chain) denom, e.g. `uatom`. */
  denom: string
  /** Display symbol, e.g. `ATOM`. */
  symbol: string
  /** Decimals between `denom` and the display unit (6 for micro-denoms). */
  decimals: number
}

/** A chain the simulator runs. */
export interface CosmosChainSpec {
  chainId: string
  /** Bech32 prefix of account addresses (`cosmos1…`). */
  bech32Prefix: string
  /** Human name (Keplr's `chainName`). */
  name: string
  /** Coins, fee denom first. */
  denoms: readonly CosmosDenom[]
  /** Lowest accepted gas price in the fee denom (CheckTx refuses less), as a decimal string. */
  minGasPrice: string
  /** A fee market (Skip's x/feemarket or Osmosis's x/txfees EIP-1559, simulated): the gas price moves with block fullness. */
  feeMarket?: FeeMarketSpec
}

/** A funded dev account, the same key on every chain (the address differs by prefix). */
export interface CosmosDevAccount {
  index: number
  /** `m/44'/118'/0'/0/<index>` */
  hdPath: string
  /** Compressed secp256k1 public key, hex. */
  publicKey: string
  /** Address per chain id. */
  addresses: Record<string, string>
}

/**
 * The public dev mnemonic the simulator funds (also anvil's default, so one
 * phrase serves every devnet). Never use it on a real chain.
 */
export const COSMOS_DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** How many dev accounts (HD indexes 0…) are funded at genesis. */
export const COSMOS_DEV_ACCOUNT_COUNT = 3

/** Hub-like chain: `cosmos` prefix, ATOM (fee) and a second denom. */
export const COSMOS_LOCAL_HUB: CosmosChainSpec = {
  chainId: 'portico-hub-1',
  bech32Prefix: 'cosmos',
  name: 'Portico Hub (local)',
  denoms: [
    { denom: 'uatom', symbol: 'ATOM', decimals: 6 },
    { denom: 'uusdc', symbol: 'USDC', decimals: 6 },
  ],
  minGasPrice: '0.025',
  // A transfer uses ~55,000 gas, under the target, so ordinary use keeps the price at its floor;
  // a block of several messages above 100,000 gas raises it.
  feeMarket: {
    kind: 'skip-feemarket',
    minBaseGasPrice: '0.025',
    targetBlockGas: 100_000,
    maxBlockGas: 200_000,
  },
}

/** Second chain with another prefix, so a chain switch re-encodes the address. */
export const COSMOS_LOCAL_OSMO: CosmosChainSpec = {
  chainId: 'portico-osmo-1',
  bech32Prefix: 'osmo',
  name: 'Portico Osmo (local)',
  denoms: [{ denom: 'uosmo', symbol: 'OSMO', decimals: 6 }],
  minGasPrice: '0.0025',
  // Osmosis's defaults (x/txfees/keeper/mempool-1559/code.go) but a block target a dev transfer
  // stays under (~80,000 gas wanted), so ordinary use keeps the base fee at its floor.
  feeMarket: { kind: 'osmosis-eip', minBaseFee: '0.0025', maxBaseFee: '5', targetBlockGas: 100_000 },
}

/** The two chains `portico-devnet start` runs. */
export const COSMOS_LOCAL_CHAINS: readonly CosmosChainSpec[] = [COSMOS_LOCAL_HUB, COSMOS_LOCAL_OSMO]

/** Genesis balance of every dev account in every denom: 1,000,000 display units (10^12 micro units). */
export const COSMOS_DEV_GENESIS_AMOUNT = 1_000_000_000_000n
