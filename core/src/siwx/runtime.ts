// The sign-in service: loaded with import() by portico/siwx-step.ts when `siwx` is configured (issue 31).
export { createSiwx, type SiwxDeps } from './service.js'
