import { describe, expect, it } from 'vitest'
import * as personalities from './bitcoin/personalities/index.js'
import * as bitcoin from './bitcoin/signer/index.js'
import * as cosmosPersonalities from './cosmos/personalities/index.js'
import * as cosmos from './cosmos/signer/index.js'
import * as evmPersonalities from './evm/personalities/index.js'
import * as evm from './evm/signer/index.js'
import * as polkadotPersonalities from './polkadot/personalities/index.js'
import * as polkadot from './polkadot/signer/index.js'
import * as solanaPersonalities from './solana/personalities/index.js'
import * as solana from './solana/signer/index.js'

describe('@portico/dev-wallets public API', () => {
  it('export lists match the snapshot (API changes show in review)', () => {
    expect(Object.keys(bitcoin).sort()).toMatchSnapshot()
    expect(Object.keys(personalities).sort()).toMatchSnapshot()
    expect(Object.keys(evm).sort()).toMatchSnapshot()
    expect(Object.keys(evmPersonalities).sort()).toMatchSnapshot()
    expect(Object.keys(polkadot).sort()).toMatchSnapshot()
    expect(Object.keys(polkadotPersonalities).sort()).toMatchSnapshot()
    expect(Object.keys(solana).sort()).toMatchSnapshot()
    expect(Object.keys(solanaPersonalities).sort()).toMatchSnapshot()
    expect(Object.keys(cosmos).sort()).toMatchSnapshot()
    expect(Object.keys(cosmosPersonalities).sort()).toMatchSnapshot()
  })

  it('importing installs nothing: no provider appears on the global object', () => {
    const g = globalThis as Record<string, unknown>
    for (const name of [
      'window',
      'unisat',
      'okxwallet',
      'phantom',
      'LeatherProvider',
      'XverseProviders',
      'ethereum',
      'injectedWeb3',
      'solana',
      'keplr',
      'leap',
      'cosmostation',
    ]) {
      expect(g[name]).toBeUndefined()
    }
  })
})
