import { describe, expect, it } from 'vitest'
import * as server from './index.js'

describe('@portico/server public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(server).sort()).toMatchSnapshot()
  })
})
