import { describe, expect, it } from 'vitest'
import * as signer from './index.js'
import * as testing from './testing/index.js'

describe('@portico/signer public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(signer).sort()).toMatchSnapshot()
  })

  it('the test entry export list matches the snapshot', () => {
    expect(Object.keys(testing).sort()).toMatchSnapshot()
  })
})
