import { describe, expect, it } from 'vitest'
import * as controller from './index.js'

describe('@portico/plugin-onramp/controller public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(controller).sort()).toMatchSnapshot()
  })
})
