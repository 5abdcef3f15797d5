// Shared vitest settings: workspace packages resolve to their TypeScript
// sources through the `source` export condition, so tests need no build.
import { defaultClientConditions, defaultServerConditions } from 'vite'

export const sourceResolve = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
}
