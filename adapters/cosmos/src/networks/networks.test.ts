import { describe, expect, it } from 'vitest'
import {
  cosmosCaipNetworkId,
  cosmosLocalHub,
  cosmosLocalOsmo,
  defineCosmosNetwork,
  toKeplrChainInfo,
} from './index.js'

const urls = {
  rpcUrl: 'http://127.0.0.1:1/portico-hub-1/rpc',
  restUrl: 'http://127.0.0.1:1/portico-hub-1/rest',
}

describe('Cosmos networks', () => {
  it('CAIP-2 ids are cosmos:<chain id>; ids outside CAIP-5 are refused', () => {
    expect(cosmosCaipNetworkId('cosmoshub-4')).toBe('cosmos:cosmoshub-4')
    expect(() => cosmosCaipNetworkId('a:b')).toThrow()
    expect(() => cosmosCaipNetworkId('x'.repeat(33))).toThrow()
  })

  it('the simulator presets carry prefix, fee coin first and the native-token marker', () => {
    const hub = cosmosLocalHub(urls)
    expect(hub).toMatchObject({
      caipNetworkId: 'cosmos:portico-hub-1',
      nativeCurrency: { symbol: 'ATOM', decimals: 6 },
      nativeTokenAddress: 'uatom',
      cosmos: { bech32Prefix: 'cosmos', gasPrice: '0.025' },
    })
    expect(cosmosLocalOsmo(urls).cosmos.bech32Prefix).toBe('osmo')
  })

  it('misconfigured networks fail at definition: bad prefix, no currency, bad gas price', () => {
    const base = {
      chainId: 'c-1',
      name: 'C',
      rpcUrl: 'x',
      restUrl: 'y',
      gasPrice: '0.1',
      bech32Prefix: 'c',
      currencies: [{ denom: 'uc', symbol: 'C', decimals: 6 }],
    }
    expect(() => defineCosmosNetwork({ ...base, bech32Prefix: 'Bad' })).toThrow(/prefix/)
    expect(() => defineCosmosNetwork({ ...base, currencies: [] })).toThrow(/fee coin/)
    expect(() => defineCosmosNetwork({ ...base, gasPrice: '-1' })).toThrow(/gas price/)
  })

  it('Keplr chain info (for experimentalSuggestChain) is derived from the network', () => {
    const info = toKeplrChainInfo(cosmosLocalHub(urls))
    expect(info).toMatchObject({
      chainId: 'portico-hub-1',
      rpc: urls.rpcUrl,
      rest: urls.restUrl,
      bech32Config: { bech32PrefixAccAddr: 'cosmos', bech32PrefixValAddr: 'cosmosvaloper' },
      feeCurrencies: [{ coinMinimalDenom: 'uatom', coinDecimals: 6, gasPriceStep: { low: 0.025 } }],
    })
    expect(info.currencies.map((c) => c.coinMinimalDenom)).toEqual(['uatom', 'uusdc'])
  })
})
