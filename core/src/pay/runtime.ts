// The payment flow: imported by portico/actions.ts only (an import() chunk, issue 31).
export { checkPayParams } from './check.js'
export { createPay, type PayDeps } from './pay.js'
export { type Shortfall, shortfallOf } from './shortfall.js'
