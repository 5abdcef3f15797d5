import { defineConfig } from 'vitest/config'

// One run over every package: each package has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      '*/vitest.config.ts',
      'adapters/*/vitest.config.ts',
      'plugins/*/vitest.config.ts',
      'examples/*/vitest.config.ts',
    ],
  },
})
