import { describe, expect, it } from 'vitest'
import * as conformance from './conformance/index.js'
import * as devnet from './index.js'
import * as testHelpers from './test-helpers/index.js'

describe('@portico/devnet public API', () => {
  it('export list matches the snapshot', () => {
    expect(Object.keys(devnet).sort()).toMatchSnapshot()
  })
  it('export lists of "./conformance" and "./test-helpers" match the snapshot', () => {
    expect(Object.keys(conformance).sort()).toMatchSnapshot()
    expect(Object.keys(testHelpers).sort()).toMatchSnapshot()
  })
})
