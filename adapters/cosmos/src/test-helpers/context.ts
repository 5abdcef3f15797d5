import type { PorticoContext } from '@portico/core'
import { createTestContext as createRecordedContext, type TestContext } from '@portico/devnet/test-helpers'

/** The shared recorded adapter context (`@portico/devnet/test-helpers`) for `cosmos`. */
export function createTestContext(overrides: Partial<PorticoContext> = {}): TestContext {
  return createRecordedContext({ namespace: 'cosmos', overrides })
}
