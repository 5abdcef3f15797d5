/**
 * `@portico/devnet/test-helpers` — the shared helpers of Portico's tests: one
 * `until` (polls on the real clock) and one `createTestContext` (a recorded
 * adapter context without `createPortico`), a recording front for the
 * gateway's RPC proxy, and an EVM test world (devnet + gateway) in a child
 * process for a global setup (`serveEvmWorld`, `startEvmWorld`), and
 * `staticGraph` (what an entry puts in a bundle's first load).
 */
export { createTestContext, type TestContext } from './context.js'
export {
  type EvmWorld,
  type EvmWorldDevnet,
  postJson,
  serveEvmWorld,
  startEvmWorld,
  type WorldGateway,
} from './evm-world.js'
export { type ProxyCall, type RecordingFront, startRecordingFront } from './recording-front.js'
export { staticGraph } from './static-graph.js'
export { until } from './until.js'
