import { describe, expect, it } from 'vitest'
import * as devWallet from './dev-wallet/index.js'
import * as adapter from './index.js'

describe('@portico/adapter-cosmos public API', () => {
  it('export lists match the snapshot (API changes show in review)', () => {
    expect(Object.keys(adapter).sort()).toMatchSnapshot()
    expect(Object.keys(devWallet).sort()).toMatchSnapshot()
  })

  it('importing has no side effects and loads no CosmJS: no window access, nothing discovered', async () => {
    expect((globalThis as { window?: unknown }).window).toBeUndefined()
    const network = adapter.cosmosLocalHub({
      rpcUrl: 'http://127.0.0.1:9/x/rpc',
      restUrl: 'http://127.0.0.1:9/x/rest',
    })
    expect(adapter.cosmosAdapter({ networks: [network] }).getConnectors()).toEqual([])
  })
})
