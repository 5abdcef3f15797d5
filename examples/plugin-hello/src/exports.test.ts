import { describe, expect, it } from 'vitest'
import * as hello from './index.js'
import * as helloReact from './react/index.js'

describe('@portico/plugin-hello public API', () => {
  it('export lists match the snapshot (API changes show in review)', () => {
    expect({ main: Object.keys(hello).sort(), react: Object.keys(helloReact).sort() }).toMatchSnapshot()
  })
})
