import { defineConfig } from 'vitest/config'

// One run over every package: each package has its own vitest.config.ts.
// Two files at a time: vitest's default on 2 cores is one, and most files wait on
// nodes, databases and browsers rather than the CPU. Projects whose files share
// one world (a devnet or a build) set fileParallelism: false and run on their own.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      '*/vitest.config.ts',
      'adapters/*/vitest.config.ts',
      'bridges/*/vitest.config.ts',
      'plugins/*/vitest.config.ts',
      'examples/*/vitest.config.ts',
    ],
  },
})
