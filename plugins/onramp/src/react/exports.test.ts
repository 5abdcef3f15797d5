import { describe, expect, it } from 'vitest'
import * as react from './index.js'

describe('@portico/plugin-onramp/react public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(react).sort()).toMatchSnapshot()
  })
})
