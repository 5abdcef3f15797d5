import { describe, expect, it } from 'vitest'
import * as devWallet from './dev-wallet/index.js'
import * as adapter from './index.js'
import * as psbt from './psbt/entry.js'

describe('@portico/adapter-bitcoin public API', () => {
  it('export lists match the snapshot (API changes show in review)', () => {
    expect(Object.keys(adapter).sort()).toMatchSnapshot()
    expect(Object.keys(devWallet).sort()).toMatchSnapshot()
    expect(Object.keys(psbt).sort()).toMatchSnapshot()
  })

  it('importing has no side effects: no wallet is registered, nothing is fetched', () => {
    expect((globalThis as { window?: unknown }).window).toBeUndefined()
    expect(adapter.bitcoinAdapter().getConnectors()).toEqual([])
  })
})
