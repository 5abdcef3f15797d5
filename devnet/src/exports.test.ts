import { describe, expect, it } from 'vitest'
import * as devnet from './index.js'

describe('@portico/devnet public API', () => {
  it('export list matches the snapshot', () => {
    expect(Object.keys(devnet).sort()).toMatchSnapshot()
  })
})
