import { describe, expect, it } from 'vitest'
import * as plugin from './index.js'

describe('@portico/plugin-onramp public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(plugin).sort()).toMatchSnapshot()
  })
})
