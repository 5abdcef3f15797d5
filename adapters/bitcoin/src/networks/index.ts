import { type CaipNetworkId, InvalidCaipNetworkIdError, type Network } from '@portico/core'
import { BITCOIN_PARAMS, type BitcoinAddressParams, REGTEST_PARAMS, TESTNET_PARAMS } from './params.js'

export type { BitcoinAddressParams } from './params.js'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** Genesis block hashes (display order) of the public chains and regtest. */
export const BITCOIN_GENESIS_HASHES = {
  mainnet: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  testnet: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  testnet4: '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
  signet: '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
} as const

/**
 * CAIP-2 id of a Bitcoin chain: `bip122:` + the first 32 hex characters of its
 * genesis block hash. Anything but 64 lower-case hex characters is a
 * configuration mistake, reported as the typed `InvalidCaipNetworkIdError`.
 */
export function bitcoinCaipNetworkId(genesisHash: string): CaipNetworkId {
  if (typeof genesisHash !== 'string' || !/^[0-9a-f]{64}$/.test(genesisHash))
    throw new InvalidCaipNetworkIdError(genesisHash)
  return `bip122:${genesisHash.slice(0, 32)}`
}

/** The Wallet Standard chain a wallet knows a network by. */
export type BitcoinStandardChain = 'bitcoin:mainnet' | 'bitcoin:testnet' | 'bitcoin:regtest'

/** Which bitcoinjs-lib address parameters and Wallet Standard chain belong to a CAIP-2 reference. */
const KINDS: Record<
  string,
  { params: BitcoinAddressParams; chain: BitcoinStandardChain; satsConnect: string }
> = {
  [BITCOIN_GENESIS_HASHES.mainnet.slice(0, 32)]: {
    params: BITCOIN_PARAMS,
    chain: 'bitcoin:mainnet',
    satsConnect: 'Mainnet',
  },
  [BITCOIN_GENESIS_HASHES.testnet.slice(0, 32)]: {
    params: TESTNET_PARAMS,
    chain: 'bitcoin:testnet',
    satsConnect: 'Testnet',
  },
  [BITCOIN_GENESIS_HASHES.testnet4.slice(0, 32)]: {
    params: TESTNET_PARAMS,
    chain: 'bitcoin:testnet',
    satsConnect: 'Testnet4',
  },
  [BITCOIN_GENESIS_HASHES.signet.slice(0, 32)]: {
    params: TESTNET_PARAMS,
    chain: 'bitcoin:testnet',
    satsConnect: 'Signet',
  },
  [BITCOIN_GENESIS_HASHES.regtest.slice(0, 32)]: {
    params: REGTEST_PARAMS,
    chain: 'bitcoin:regtest',
    satsConnect: 'Regtest',
  },
}

function kindOf(caipNetworkId: CaipNetworkId) {
  const kind = KINDS[caipNetworkId.slice('bip122:'.length)]
  if (!caipNetworkId.startsWith('bip122:') || !kind)
    throw new TypeError(`unknown Bitcoin network ${caipNetworkId}`)
  return kind
}

/** bitcoinjs-lib address parameters (bech32 HRP `bc`/`tb`/`bcrt`, base58 versions) of a known network. */
export function addressParams(caipNetworkId: CaipNetworkId): BitcoinAddressParams {
  return kindOf(caipNetworkId).params
}

/** The Wallet Standard chain (`bitcoin:mainnet|testnet|regtest`) of a known network. */
export function toStandardChain(caipNetworkId: CaipNetworkId): BitcoinStandardChain {
  return kindOf(caipNetworkId).chain
}

function preset(
  genesis: string,
  name: string,
  esplora: string,
  explorer: string | undefined,
  testnet: boolean,
): Network {
  const reference = genesis.slice(0, 32)
  return {
    id: reference,
    name,
    chainNamespace: 'bip122',
    caipNetworkId: bitcoinCaipNetworkId(genesis),
    nativeCurrency: BTC,
    // The Esplora REST base URL: balances, UTXOs, fee estimates and broadcast go there.
    rpcUrls: { default: { http: [esplora] } },
    ...(explorer
      ? {
          blockExplorers: { default: { name: 'mempool.space', url: explorer } },
          explorerPaths: { address: '/address/{address}', transaction: '/tx/{hash}' },
        }
      : {}),
    testnet,
  }
}

/** Bitcoin mainnet, read through the public mempool.space Esplora API (hosted: configure your own for production). */
export const bitcoinMainnet: Network = preset(
  BITCOIN_GENESIS_HASHES.mainnet,
  'Bitcoin',
  'https://mempool.space/api',
  'https://mempool.space',
  false,
)
/** Bitcoin testnet3. */
export const bitcoinTestnet: Network = preset(
  BITCOIN_GENESIS_HASHES.testnet,
  'Bitcoin Testnet',
  'https://mempool.space/testnet/api',
  'https://mempool.space/testnet',
  true,
)
/** Bitcoin signet. */
export const bitcoinSignet: Network = preset(
  BITCOIN_GENESIS_HASHES.signet,
  'Bitcoin Signet',
  'https://mempool.space/signet/api',
  'https://mempool.space/signet',
  true,
)

/**
 * A regtest network read through an Esplora API at `esploraUrl`, e.g.
 * Portico's devnet (`portico-devnet start`, `services.bitcoin.esploraUrl`).
 *
 * @example
 * bitcoinAdapter({ networks: [bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:3002' })] })
 */
export function bitcoinRegtest(params: { esploraUrl: string; name?: string }): Network {
  return preset(
    BITCOIN_GENESIS_HASHES.regtest,
    params.name ?? 'Bitcoin Regtest',
    params.esploraUrl,
    undefined,
    true,
  )
}
