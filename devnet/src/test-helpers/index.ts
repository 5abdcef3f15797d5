/**
 * `@portico/devnet/test-helpers` — the shared helpers of Portico's tests: one
 * `until` (polls on the real clock) and one `createTestContext` (a recorded
 * adapter context without `createPortico`), and a recording front for the
 * gateway's RPC proxy.
 */
export { createTestContext, type TestContext } from './context.js'
export { type ProxyCall, type RecordingFront, startRecordingFront } from './recording-front.js'
export { until } from './until.js'
