// The EIP-5792 calls runtime: imported by portico/actions.ts only (an import() chunk, issue 31).
export { type CallsDeps, createCalls } from './calls.js'
