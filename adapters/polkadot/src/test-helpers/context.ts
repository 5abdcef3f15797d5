import type { PorticoContext } from '@portico/core'
import { createTestContext as createRecordedContext, type TestContext } from '@portico/devnet/test-helpers'

/** The shared recorded adapter context (`@portico/devnet/test-helpers`) for `polkadot`. */
export function createTestContext(overrides: Partial<PorticoContext> = {}): TestContext {
  return createRecordedContext({ namespace: 'polkadot', overrides })
}

/** Installs a `window` global (a plain object) so `window.injectedWeb3` works in Node. */
export function installWindow(): () => void {
  const g = globalThis as { window?: unknown }
  if (g.window) return () => {}
  g.window = {}
  return () => {
    delete g.window
  }
}

export { until } from '@portico/devnet/test-helpers'
