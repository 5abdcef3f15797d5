import { describe, expect, it } from 'vitest'
import * as devWallet from './dev-wallet/index.js'
import * as evm from './index.js'
import * as testing from './testing/index.js'
import * as transport from './transport/index.js'

describe('@portico/adapter-evm public API', () => {
  it('export list of "." matches the snapshot', () => {
    expect(Object.keys(evm).sort()).toMatchSnapshot()
  })
  it('export list of "./dev-wallet" matches the snapshot', () => {
    expect(Object.keys(devWallet).sort()).toMatchSnapshot()
  })
  it('export list of "./testing" matches the snapshot', () => {
    expect(Object.keys(testing).sort()).toMatchSnapshot()
  })
  it('export list of "./transport" matches the snapshot', () => {
    expect(Object.keys(transport).sort()).toMatchSnapshot()
  })
  it('importing has no side effects: no discovery, no window access, no timers', () => {
    expect((globalThis as { window?: unknown }).window).toBeUndefined()
    expect(evm.evmAdapter({ networks: [evm.anvil31337] }).getConnectors()).toEqual([])
  })
})
