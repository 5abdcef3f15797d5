import { describe, expect, it } from 'vitest'
import * as html from './index.js'

describe('@portico/html public API', () => {
  it('export list matches the snapshot (API changes show in review)', () => {
    expect(Object.keys(html).sort()).toMatchSnapshot()
  })
})
