/**
 * The frame's EVM signer: a module of its own, which `/frame.js` imports on
 * the first EVM request (esbuild splits it into a chunk), so the frame's
 * first load is the session, login and card shell only.
 */
export { describeEvm } from './describe.js'
export { type EvmRequest, EvmWireError, parseEvmRequest, type TypedDataRequest } from './request.js'
export { signEvm, signText } from './sign.js'
