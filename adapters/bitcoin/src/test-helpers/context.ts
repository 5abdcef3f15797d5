import type { PorticoContext } from '@portico/core'
import { createTestContext as createRecordedContext, type TestContext } from '@portico/devnet/test-helpers'

/** The shared recorded adapter context (`@portico/devnet/test-helpers`) for `bip122`. */
export function createTestContext(overrides: Partial<PorticoContext> = {}): TestContext {
  return createRecordedContext({ namespace: 'bip122', overrides })
}

/** Installs a window-like EventTarget so Wallet Standard events and `btc_providers` work in Node. */
export function installWindow(): () => void {
  const g = globalThis as { window?: unknown }
  if (g.window) return () => {}
  g.window = new EventTarget()
  return () => {
    delete g.window
  }
}
