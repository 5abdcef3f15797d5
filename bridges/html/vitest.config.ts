import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.js'

export default defineProject({
  ...sourceResolve,
  esbuild: { jsx: 'automatic' },
  test: { name: 'html', environment: 'happy-dom' },
})
