/**
 * `@portico/devnet/test-helpers` — the shared helpers of Portico's tests: one
 * `until` (polls on the real clock) and one `createTestContext` (a recorded
 * adapter context without `createPortico`).
 */
export { createTestContext, type TestContext } from './context.js'
export { until } from './until.js'
