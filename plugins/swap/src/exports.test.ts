import { expect, it } from 'vitest'
import * as main from './index.js'
import * as react from './react/index.js'

it('the public API is this list of exports', () => {
  expect(Object.keys(main).sort()).toMatchSnapshot()
  expect(Object.keys(react).sort()).toMatchSnapshot()
})
