export { describeEvm } from './describe.js'
export { type EvmRequest, EvmWireError, parseEvmRequest, type TypedDataRequest } from './request.js'
