import { describe, expect, it } from 'vitest'
import * as core from './index.js'

describe('@portico/core public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(core).sort()).toMatchSnapshot()
  })

  it('CHAIN_NAMESPACES lists the five SPEC §3 namespaces', () => {
    expect(core.CHAIN_NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
  })
})
